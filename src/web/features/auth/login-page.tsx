import { useEffect, useState } from 'react';
import { Binoculars } from 'lucide-react';
import { Redirect, useSearchParams } from 'wouter';
import { safeNextPath, signInErrorMessage } from '../../../common/auth/schemas';
import { PageMain } from '@/components/page-main';
import { PageSpinner } from '@/components/page-spinner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { productName } from '@/lib/product-name';
import { readSignInOptions } from '@/lib/sign-in-options';
import { AskAdminForReset, ForgotPasswordForm } from './forgot-password';
import { RegisterPanel } from './register-panel';
import { ServerErrorAlert } from './server-error-alert';
import { SignInForm } from './sign-in-form';
import { useUser } from './use-user';
import { useDocumentTitle } from '@/lib/use-document-title';

const { provider, localAccounts, registration, resetMail } = readSignInOptions(document);

/** Where a signed-in visitor goes: `next` when it is a safe path on this origin, else home. */
function targetAfterSignIn(next: string | null): string {
  const path = safeNextPath(next ?? undefined);
  if (!path || /^\/login(?:[/?#]|$)/.test(path)) return '/'; // never back to this page
  return path;
}

/** The provider's sign-in, carrying `pwa=true`, `next` and an invitation along. */
function providerSignInUrl(params: URLSearchParams): string {
  const carried = new URLSearchParams();
  if (params.get('pwa') === 'true') carried.set('pwa', 'true');
  const next = safeNextPath(params.get('next') ?? undefined);
  if (next) carried.set('next', next);
  const invitation = params.get('invitation');
  if (invitation) carried.set('invitation', invitation);
  return carried.size ? `/api/login?${carried}` : '/api/login';
}

// The tabs switch in place, so `next` and `pwa=true` stay in the address (ARCHITECTURE "Auth").
// An invitation link (/login?invitation=…, made on /admin) opens the create-account tab.
// With OpenID Connect and no local accounts, the page only forwards to the provider, or shows
// why the last attempt failed (`?error=…`, sent by /api/callback) with a way to try again.
export function LoginPage() {
  useDocumentTitle('Sign In');
  const { user, isLoading } = useUser();
  const [params] = useSearchParams();
  const pwa = params.get('pwa') === 'true';
  const invitation = params.get('invitation') || undefined;
  const [forgotPassword, setForgotPassword] = useState(false);
  const [tab, setTab] = useState(
    invitation || params.get('signup') === 'true' ? 'register' : 'sign-in',
  );
  const error = signInErrorMessage(params.get('error'));
  const providerUrl = providerSignInUrl(params);
  const forwardToProvider = Boolean(provider) && !localAccounts && !error && !isLoading && !user;

  useEffect(() => {
    if (forwardToProvider) window.location.replace(providerUrl);
  }, [forwardToProvider, providerUrl]);
  useEffect(() => {
    // the server hands a signed-in pwa sign-in to the installed app (features/pwa/bridge.ts)
    if (user && pwa) window.location.replace('/api/login?pwa=true');
  }, [user, pwa]);

  if (isLoading || forwardToProvider || (user && pwa)) return <PageSpinner />;
  // a signed-in visitor, or one who just signed in through a form below, moves on
  if (user) return <Redirect to={targetAfterSignIn(params.get('next'))} replace />;

  return (
    <PageMain className="flex min-h-screen flex-col items-center justify-center gap-6 px-4 py-10">
      <div className="flex items-center gap-2 text-2xl font-semibold">
        <Binoculars className="size-7 text-primary" aria-hidden="true" />
        <h1>{productName}</h1>
      </div>
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle>Welcome</CardTitle>
          <CardDescription>
            {localAccounts
              ? 'Sign in to your account or create a new one.'
              : `Sign in with your ${provider} account.`}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <ServerErrorAlert message={error} />
          {provider && (
            <Button asChild className="w-full">
              <a href={providerUrl}>Sign In with {provider}</a>
            </Button>
          )}
          {localAccounts && (
            <Tabs value={tab} onValueChange={setTab} className="gap-6">
              <TabsList className="w-full">
                <TabsTrigger value="sign-in">Sign In</TabsTrigger>
                <TabsTrigger value="register">Create Account</TabsTrigger>
              </TabsList>
              <TabsContent value="sign-in">
                {forgotPassword ? (
                  <ForgotPasswordForm onBack={() => setForgotPassword(false)} />
                ) : (
                  <div className="grid gap-4">
                    <SignInForm />
                    {resetMail ? (
                      <Button
                        type="button"
                        variant="link"
                        className="justify-self-center"
                        onClick={() => setForgotPassword(true)}
                      >
                        Forgot your password?
                      </Button>
                    ) : (
                      <AskAdminForReset />
                    )}
                  </div>
                )}
              </TabsContent>
              <TabsContent value="register">
                <RegisterPanel
                  registration={registration}
                  invitation={invitation}
                  onSignIn={() => setTab('sign-in')}
                />
              </TabsContent>
            </Tabs>
          )}
        </CardContent>
      </Card>
    </PageMain>
  );
}
