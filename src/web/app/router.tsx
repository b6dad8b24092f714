import { Suspense, useEffect, type ReactNode } from 'react';
import { Route, Switch, useLocation, useSearch } from 'wouter';
import { appRoutes } from '../../common/routes';
import { Footprints } from 'lucide-react';
import { PageSpinner } from '@/components/page-spinner';
import { Button } from '@/components/ui/button';
import { useUser } from '@/features/auth';
import { lazyComponent } from '@/lib/lazy-component';
import { LandingPage } from '@/features/landing';
import { LoadBoundary, QuietLoadBoundary } from './load-boundary';
import { NotFoundPage } from './not-found-page';
import { frame, pages } from './pages';

// Everything but the landing and not-found pages loads on demand, so the landing page never
// downloads the app, the sign-in forms or zod (bench/web-bundle.mjs checks the budgets).
const LoginPage = lazyComponent(
  () => import('@/features/auth/login-page'),
  (m) => m.LoginPage,
);
const Header = frame.header;
const GlobalShortcuts = frame.shortcuts;
// after the first render: what was saved offline is sent once the page is up
const OfflineSync = lazyComponent(
  () => import('./offline-sync'),
  (m) => m.OfflineSync,
);
/** Loads a page's code when its link is pointed at; started with the page's own (main.tsx). */
export const RoutePrefetch = lazyComponent(
  () => import('./route-prefetch'),
  (m) => m.RoutePrefetch,
);
const LogsPage = pages.home;
const NewLogPage = pages.newLog;
const EditLogPage = pages.editLog;
const LogDetailsPage = pages.log;
const MapPage = pages.map;
const SharedOutingPage = lazyComponent(
  () => import('@/features/outings/shared-outing-page'),
  (m) => m.SharedOutingPage,
);
const SharedLogRoute = lazyComponent(
  () => import('./shared-log-route'),
  (m) => m.SharedLogRoute,
);
const PwaAuthCompletePage = lazyComponent(
  () => import('@/features/pwa/pwa-auth-complete-page'),
  (m) => m.PwaAuthCompletePage,
);
const SignOutPage = lazyComponent(
  () => import('@/features/auth/sign-out-page'),
  (m) => m.SignOutPage,
);
const ListsPage = pages.lists;
const ResetPasswordPage = lazyComponent(
  () => import('@/features/auth/reset-password-page'),
  (m) => m.ResetPasswordPage,
);
const AdminPage = pages.admin;
const ReviewPage = pages.review;
const AccountPage = pages.account;
const OutingsPage = pages.outings;
const OutingPage = pages.outing;
const TallyPage = pages.outingTally;
const StartOutingButton = frame.startOuting;
const StatsPage = pages.stats;

/** A signed-in page: a spinner while the sign-in check runs, sign-in when signed out. */
function SignedIn({ children }: { children: ReactNode }) {
  const { user, isLoading } = useUser();
  const [location] = useLocation();
  const search = useSearch();
  const signedOut = !isLoading && !user;

  useEffect(() => {
    if (!signedOut) return;
    const next = search ? `${location}?${search}` : location;
    window.location.assign(`/api/login?next=${encodeURIComponent(next)}`);
  }, [signedOut, location, search]);

  if (!user) return <PageSpinner />;
  return <Suspense fallback={<PageSpinner />}>{children}</Suspense>;
}

/** The Start outing button's place while its code loads: the list below does not move. */
const startOutingPlace = (
  <Button variant="outline" className="invisible" disabled aria-hidden="true" tabIndex={-1}>
    <Footprints />
    Start outing
  </Button>
);

/** The header's height while its chunk loads, so the page below does not jump (as app-shell.ts). */
const headerPlaceholder = (
  <div className="border-b" aria-hidden="true">
    <div className="h-14" />
  </div>
);

// SPEC §2 route table.
export function AppRouter() {
  const { user } = useUser();

  return (
    <>
      {user && (
        <QuietLoadBoundary fallback={headerPlaceholder}>
          <Suspense fallback={headerPlaceholder}>
            <Header user={user} />
            <GlobalShortcuts />
          </Suspense>
        </QuietLoadBoundary>
      )}
      {user && (
        // each its own boundary: neither the header nor the other waits for it
        <>
          <QuietLoadBoundary>
            <Suspense fallback={null}>
              <OfflineSync />
            </Suspense>
          </QuietLoadBoundary>
          <QuietLoadBoundary>
            <Suspense fallback={null}>
              <RoutePrefetch />
            </Suspense>
          </QuietLoadBoundary>
        </>
      )}
      <LoadBoundary>
        <Switch>
          <Route path={appRoutes.sharedOuting}>
            {({ id }: { id: string }) => (
              <Suspense fallback={<PageSpinner />}>
                <SharedOutingPage key={id} id={id} />
              </Suspense>
            )}
          </Route>
          <Route path={appRoutes.sharedLog}>
            {({ id }: { id: string }) => (
              <Suspense fallback={<PageSpinner />}>
                <SharedLogRoute key={id} id={id} />
              </Suspense>
            )}
          </Route>
          <Route path={appRoutes.pwaAuthComplete}>
            <Suspense fallback={<PageSpinner />}>
              <PwaAuthCompletePage />
            </Suspense>
          </Route>
          <Route path={appRoutes.signOut}>
            <Suspense fallback={<PageSpinner />}>
              <SignOutPage />
            </Suspense>
          </Route>
          <Route path={appRoutes.resetPassword}>
            <Suspense fallback={<PageSpinner />}>
              <ResetPasswordPage />
            </Suspense>
          </Route>
          <Route path={appRoutes.login}>
            <Suspense fallback={<PageSpinner />}>
              <LoginPage />
            </Suspense>
          </Route>
          <Route path={appRoutes.home}>
            {/* the landing page also shows while the sign-in check loads (SPEC §2 route table) */}
            {user ? (
              <Suspense fallback={<PageSpinner />}>
                <LogsPage
                  actions={
                    <QuietLoadBoundary>
                      <Suspense fallback={startOutingPlace}>
                        <StartOutingButton />
                      </Suspense>
                    </QuietLoadBoundary>
                  }
                />
              </Suspense>
            ) : (
              <LandingPage />
            )}
          </Route>
          <Route path={appRoutes.newLog}>
            <SignedIn>
              <NewLogPage />
            </SignedIn>
          </Route>
          <Route path={appRoutes.editLog}>
            {({ id }: { id: string }) => (
              <SignedIn>
                <EditLogPage key={id} id={id} />
              </SignedIn>
            )}
          </Route>
          <Route path={appRoutes.log}>
            {({ id }: { id: string }) => (
              <SignedIn>
                <LogDetailsPage key={id} id={id} />
              </SignedIn>
            )}
          </Route>
          <Route path={appRoutes.stats}>
            <SignedIn>
              <StatsPage />
            </SignedIn>
          </Route>
          <Route path={appRoutes.account}>
            <SignedIn>
              <AccountPage />
            </SignedIn>
          </Route>
          <Route path={appRoutes.lists}>
            <SignedIn>
              <ListsPage />
            </SignedIn>
          </Route>
          <Route path={appRoutes.map}>
            <SignedIn>
              <MapPage />
            </SignedIn>
          </Route>
          {/* before the outing's own page, whose :id would take 'tally' */}
          <Route path={appRoutes.outingTally}>
            <SignedIn>
              <TallyPage />
            </SignedIn>
          </Route>
          <Route path={appRoutes.outings}>
            <SignedIn>
              <OutingsPage startOuting={<StartOutingButton />} />
            </SignedIn>
          </Route>
          <Route path={appRoutes.outing}>
            {({ id }: { id: string }) => (
              <SignedIn>
                <OutingPage key={id} id={id} />
              </SignedIn>
            )}
          </Route>
          <Route path={appRoutes.admin}>
            <SignedIn>
              <AdminPage />
            </SignedIn>
          </Route>
          <Route path={appRoutes.review}>
            <SignedIn>
              <ReviewPage />
            </SignedIn>
          </Route>
          <Route>
            <NotFoundPage />
          </Route>
        </Switch>
      </LoadBoundary>
    </>
  );
}
