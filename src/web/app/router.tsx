import { Route, Switch } from 'wouter';
import { appRoutes } from '../../common/routes';
import { LoginPage, useUser } from '@/features/auth';
import { LandingPage } from '@/features/landing';
import { LogsPage } from '@/features/logs';
import { Header } from './layout/header';
import { NotFoundPage } from './not-found-page';

// SPEC §2 route table. Log pages, stats, sharing and the installed-app pages come in later
// issues; until then their paths show the not-found page.
export function AppRouter() {
  const { user } = useUser();

  return (
    <>
      {user && <Header user={user} />}
      <Switch>
        <Route path={appRoutes.login}>
          <LoginPage />
        </Route>
        <Route path={appRoutes.home}>
          {/* the landing page also shows while the sign-in check loads (SPEC §2 route table) */}
          {user ? <LogsPage /> : <LandingPage />}
        </Route>
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </>
  );
}
