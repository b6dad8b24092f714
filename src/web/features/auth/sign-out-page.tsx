import { LogOut } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { PageMain } from '@/components/page-main';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageSpinner } from '@/components/page-spinner';
import { productName } from '@/lib/product-name';
import { useSignOut } from './sign-out';
import { useUser } from './use-user';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * Where a sign-out link from another site lands (the server sends a cross-site GET /api/logout
 * here): signing out takes the person's own click, so no other site can sign them out.
 */
export function SignOutPage() {
  useDocumentTitle('Sign Out');
  const { user, isLoading } = useUser();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!isLoading && !user) navigate('/', { replace: true }); // nothing to sign out of
  }, [isLoading, user, navigate]);
  if (!user) return <PageSpinner />;
  return <SignOutConfirmation userId={user.id} />;
}

function SignOutConfirmation({ userId }: { userId: string }) {
  const { signOut, dialog } = useSignOut(userId);
  return (
    <PageMain className="flex min-h-[calc(100vh-3.5rem)] items-center justify-center px-4 py-10">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle>
            <h1>Sign out of {productName}?</h1>
          </CardTitle>
          <CardDescription>
            A link from another site asked to sign you out. Sign out only if you meant to.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link href="/" className={buttonVariants({ variant: 'outline' })}>
            Stay signed in
          </Link>
          <Button onClick={signOut}>
            <LogOut aria-hidden="true" />
            Sign Out
          </Button>
        </CardContent>
      </Card>
      {dialog}
    </PageMain>
  );
}
