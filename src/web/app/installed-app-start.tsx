import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { PageSpinner } from '@/components/page-spinner';
import { userQuery } from '@/features/auth';
import { exchangeStoredBridgeToken, workerInControl } from '@/features/pwa';
import { isStandalone } from '@/lib/use-standalone';

let check: Promise<void> | undefined; // once per page load, however often the effect runs

async function signInFromBridge(queryClient: QueryClient) {
  try {
    const user = await queryClient.fetchQuery(userQuery);
    if (user) return;
    await workerInControl(); // the stored token is reachable only through the worker
    if (await exchangeStoredBridgeToken()) {
      await queryClient.refetchQueries({ queryKey: userQuery.queryKey });
    }
  } catch (error) {
    console.error('Installed-app sign-in check failed', error); // SPEC §8: only logged
  }
}

/**
 * SPEC §4 "Installed-app start": installed and signed out, the app looks for a bridge token
 * left by the completion page, exchanges it for a session, deletes it and refreshes the
 * current user. Only a spinner shows until the check ends.
 */
export function InstalledAppStart({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(isStandalone);

  useEffect(() => {
    if (!checking) return;
    let live = true;
    check ??= signInFromBridge(queryClient);
    void check.then(() => live && setChecking(false));
    return () => {
      live = false;
    };
  }, [checking, queryClient]);

  return checking ? <PageSpinner /> : children;
}
