import { InstallCard } from '@/features/pwa';
import { QuietLoadBoundary } from './load-boundary';
import { InstalledAppStart } from './installed-app-start';
import { AppRouter } from './router';
import { Providers } from './providers';
import { startScrollRestoration } from './scroll-restoration';

startScrollRestoration();

export function App() {
  return (
    <Providers>
      <InstalledAppStart>
        <AppRouter />
      </InstalledAppStart>
      <QuietLoadBoundary>
        <InstallCard />
      </QuietLoadBoundary>
    </Providers>
  );
}
