import type { QueryClient } from '@tanstack/react-query';
import { InstallCard } from '@/features/pwa';
import { QuietLoadBoundary } from './load-boundary';
import { InstalledAppStart } from './installed-app-start';
import { AppRouter } from './router';
import { Providers } from './providers';
import { startScrollRestoration } from './scroll-restoration';

startScrollRestoration();

/** `queryClient`: made by main.tsx, which fills it with who is signed in before the first render. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <Providers queryClient={queryClient}>
      <InstalledAppStart>
        <AppRouter />
      </InstalledAppStart>
      <QuietLoadBoundary>
        <InstallCard />
      </QuietLoadBoundary>
    </Providers>
  );
}
