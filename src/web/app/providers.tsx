import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { lazyComponent } from '@/lib/lazy-component';
import { ThemeProvider, useTheme } from '@/features/theme';
import { QuietLoadBoundary } from './load-boundary';
import { toasterOptions } from './toaster-options';

// Loaded after the first paint, so the landing page does not pay for it: a toast raised before
// it mounts is shown when it does (sonner replays the active ones to a late Toaster).
const Toaster = lazyComponent(
  () => import('@/components/ui/sonner'),
  (m) => m.Toaster,
);

function ThemedToaster() {
  const { theme } = useTheme();
  return (
    <QuietLoadBoundary>
      <Suspense fallback={null}>
        <Toaster theme={theme} {...toasterOptions} />
      </Suspense>
    </QuietLoadBoundary>
  );
}

export function Providers({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {children}
        <ThemedToaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
