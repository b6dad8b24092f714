import { Binoculars } from 'lucide-react';
import { useEffect } from 'react';
import { Redirect, useSearchParams } from 'wouter';
import { safeNextPath } from '../../../common/auth';
import { PageSpinner } from '@/components/page-spinner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { productName } from '@/lib/product-name';
import { RegisterForm } from './register-form';
import { SignInForm } from './sign-in-form';
import { useUser } from './use-user';

/** Where a signed-in visitor goes: `next` when it is a safe path on this origin, else home. */
function targetAfterSignIn(next: string | null): string {
  const path = safeNextPath(next ?? undefined);
  if (!path || /^\/login(?:[/?#]|$)/.test(path)) return '/'; // never back to this page
  return path;
}

// The tabs switch in place, so `next` and `pwa=true` stay in the address (ARCHITECTURE "Auth").
export function LoginPage() {
  const { user, isLoading } = useUser();
  const [params] = useSearchParams();
  const pwa = params.get('pwa') === 'true';

  useEffect(() => {
    // the server hands a signed-in pwa sign-in to the installed app (features/pwa/bridge.ts)
    if (user && pwa) window.location.replace('/api/login?pwa=true');
  }, [user, pwa]);

  if (isLoading || (user && pwa)) return <PageSpinner />;
  // a signed-in visitor, or one who just signed in through a form below, moves on
  if (user) return <Redirect to={targetAfterSignIn(params.get('next'))} replace />;

  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 px-4 py-10">
      <div className="flex items-center gap-2 text-2xl font-semibold">
        <Binoculars className="size-7 text-primary" aria-hidden="true" />
        <h1>{productName}</h1>
      </div>
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle>Welcome</CardTitle>
          <CardDescription>Sign in to your account or create a new one.</CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs defaultValue="sign-in" className="gap-6">
            <TabsList className="w-full">
              <TabsTrigger value="sign-in">Sign in</TabsTrigger>
              <TabsTrigger value="register">Create account</TabsTrigger>
            </TabsList>
            <TabsContent value="sign-in">
              <SignInForm />
            </TabsContent>
            <TabsContent value="register">
              <RegisterForm />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </main>
  );
}
