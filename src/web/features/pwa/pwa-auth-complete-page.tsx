import { CircleCheck, CircleX } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'wouter';
import { PageMain } from '@/components/page-main';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { productName } from '@/lib/product-name';
import { storeBridgeToken, workerInControl } from './bridge-client';
import { useDocumentTitle } from '@/lib/use-document-title';

type Status = { state: 'storing' } | { state: 'success' } | { state: 'error'; message: string };

function StatusHeader(props: { icon: ReactNode; title: string; description: string }) {
  return (
    <CardHeader>
      {props.icon}
      <CardTitle>
        <h1>{props.title}</h1>
      </CardTitle>
      <CardDescription>{props.description}</CardDescription>
    </CardHeader>
  );
}

let storing: Promise<void> | undefined; // once per page load, however often the effect runs

/** SPEC §2 "Sign-in completion page": hands the sign-in to the installed app. */
export function PwaAuthCompletePage() {
  useDocumentTitle('Signing in');
  const [params] = useSearchParams();
  const token = params.get('token');
  const [status, setStatus] = useState<Status>({ state: 'storing' });

  useEffect(() => {
    storing ??= (async () => {
      if (token) await workerInControl(); // a first visit: the worker is just taking over
      await storeBridgeToken(token);
    })();
    storing.then(
      () => setStatus({ state: 'success' }),
      (error: unknown) =>
        setStatus({
          state: 'error',
          message:
            error instanceof Error && error.message ? error.message : 'Unknown error occurred',
        }),
    );
  }, [token]);

  return (
    <PageMain className="flex min-h-screen items-center justify-center px-4 py-10">
      <Card className="w-full max-w-md text-center">
        {status.state === 'storing' && (
          <>
            <StatusHeader
              icon={<Spinner className="mx-auto size-8 text-primary" aria-hidden="true" />}
              title="Setting up authentication..."
              description="Please wait while we complete the setup"
            />
            <CardContent className="text-sm text-muted-foreground">
              This should only take a moment...
            </CardContent>
          </>
        )}
        {status.state === 'success' && (
          <>
            <StatusHeader
              icon={<CircleCheck className="mx-auto size-10 text-primary" aria-hidden="true" />}
              title="Authentication successful!"
              description={`You can now use the ${productName} app`}
            />
            <CardContent className="grid gap-3 text-left text-sm">
              <h2 className="font-semibold">Next steps</h2>
              <ol className="list-decimal space-y-1 pl-5">
                <li>Press the Home button or close this browser</li>
                <li>Open {productName} from your home screen</li>
                <li>You will be signed in automatically</li>
              </ol>
              <p className="text-muted-foreground">
                Your authentication has been securely saved for the app.
              </p>
            </CardContent>
          </>
        )}
        {status.state === 'error' && (
          <>
            <StatusHeader
              icon={<CircleX className="mx-auto size-10 text-destructive" aria-hidden="true" />}
              title="Setup failed"
              description="There was a problem completing authentication"
            />
            <CardContent className="grid gap-2 text-sm">
              <p className="text-destructive">Error: {status.message}</p>
              <p className="text-muted-foreground">
                Please close this page and try signing in again from the app.
              </p>
            </CardContent>
          </>
        )}
      </Card>
    </PageMain>
  );
}
