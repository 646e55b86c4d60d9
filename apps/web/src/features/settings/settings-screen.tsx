import { ScreenHeader } from '@/components/screen-header.tsx';
import { useScreenMeta } from '@/lib/use-screen-meta.ts';
import { AppearanceSection } from './appearance-section.tsx';

/** Settings: appearance now; data management and the danger zone come with the workspace data layer. */
export function Component() {
  const { title, description } = useScreenMeta({ key: 'settings', path: '/settings' });
  return (
    <div className="mx-auto max-w-3xl">
      <ScreenHeader title={title} subtitle={description} />
      <AppearanceSection />
    </div>
  );
}
