import { useState } from 'react';
import { ScreenHeader } from '@/components/screen-header.tsx';
import { useScreenMeta } from '@/lib/use-screen-meta.ts';
import { AppearanceSection } from './appearance-section.tsx';
import { DangerZoneSection } from './danger-zone-section.tsx';
import { DataSection } from './data-section.tsx';
import { RecoverySection } from './recovery-section.tsx';
import { RestorePointsSection } from './restore-points-section.tsx';
import { SyncSection } from './sync-section.tsx';

/** Settings (docs/product.md, Settings, backup and data): appearance, data management, sync, restore points, and the danger zone. */
export function Component() {
  const { title, description } = useScreenMeta({ key: 'settings', path: '/settings' });
  // Bumped after an import, clear, restore or delete so the lists read storage again.
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((value) => value + 1);
  return (
    <div className="max-w-3xl">
      <ScreenHeader title={title} subtitle={description} />
      <div className="flex flex-col gap-6">
        <AppearanceSection />
        <DataSection onChanged={changed} />
        <SyncSection />
        <RecoverySection version={version} onChanged={changed} />
        <RestorePointsSection version={version} onChanged={changed} />
        <DangerZoneSection onChanged={changed} />
      </div>
    </div>
  );
}
