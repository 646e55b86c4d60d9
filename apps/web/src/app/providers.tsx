import { lazy, Suspense, type ReactNode } from 'react';
import { ThemeProvider } from '@/lib/theme-provider.tsx';
import { useHydrated } from '@/lib/use-hydrated.ts';

// The toast region is not needed for the first paint: its code (sonner) loads just after, and it is not part of
// a server-rendered page (its theme is the visitor's). The layouts bring their own providers (workspace, query
// client, tooltips), so this root stays small (decision 036).
const Toaster = lazy(async () => ({ default: (await import('@/components/ui/toaster.tsx')).Toaster }));

export function Providers({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <ThemeProvider>
      {children}
      {hydrated ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </ThemeProvider>
  );
}
