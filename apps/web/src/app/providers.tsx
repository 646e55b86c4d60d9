import { lazy, Suspense, type ReactNode } from 'react';
import { ThemeProvider } from '@/lib/theme-provider.tsx';

// The toast region is not needed for the first paint: its code (sonner) loads just after. The layouts bring
// their own providers (workspace, query client, tooltips), so this root stays small (decision 036).
const Toaster = lazy(async () => ({ default: (await import('@/components/ui/toaster.tsx')).Toaster }));

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      {children}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </ThemeProvider>
  );
}
