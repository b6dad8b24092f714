import { ShieldAlert } from 'lucide-react';
import { Link } from 'wouter';
import { PageMain } from '@/components/page-main';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useUser } from '@/features/auth';
import { ApiError } from '@/lib/api-client';
import { readSignInOptions } from '@/lib/sign-in-options';
import { InvitationsSection } from './invitations-section';
import { ReferenceDataSection } from './reference-data-section';
import { SensitiveTaxaSection } from './sensitive-taxa-section';
import { useAdminUsers } from './use-admin';
import { UsersSection } from './users-section';
import { useDocumentTitle } from '@/lib/use-document-title';

const { registration } = readSignInOptions(document);

/** What anyone but an admin sees at /admin: why, and a way back. */
function AdminsOnly() {
  return (
    <PageMain className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <ShieldAlert className="size-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-3xl font-bold tracking-tight">Admins only</h1>
      <p className="text-muted-foreground">This page is for the admins of this server.</p>
      <Button asChild>
        <Link href="/">Back to Home</Link>
      </Button>
    </PageMain>
  );
}

/**
 * /admin: the server's users and invitations (issue 21), its sensitive species (issue 35) and the
 * occurrence model's reference data (issue 36).
 */
export function AdminPage() {
  useDocumentTitle('Admin');
  const { user } = useUser();
  const isAdmin = user?.role === 'admin';
  return isAdmin ? <AdminConsole selfId={user.id} /> : <AdminsOnly />;
}

function AdminConsole({ selfId }: { selfId: string }) {
  const users = useAdminUsers();
  if (users.error instanceof ApiError && users.error.status === 403) return <AdminsOnly />;
  const count = users.data?.items.length;

  return (
    <PageMain className="mx-auto grid max-w-6xl grid-cols-1 gap-10 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Admin</h1>
        <p className="text-muted-foreground">
          The people on this server, who may join it, which species stay hidden, and the data that
          says what is usual here.
        </p>
      </div>
      <section aria-labelledby="users-heading" className="grid grid-cols-1 gap-4">
        <h2 id="users-heading" className="text-xl font-semibold">
          Users
          {count !== undefined && (
            <span className="ml-2 text-base font-normal text-muted-foreground">
              {count.toLocaleString()}
            </span>
          )}
        </h2>
        <QueryErrorAlert error={users.error} onRetry={() => void users.refetch()} />
        {users.isPending ? (
          <div className="grid gap-2">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : (
          users.data && <UsersSection list={users.data} selfId={selfId} />
        )}
      </section>
      <InvitationsSection registration={registration} />
      <SensitiveTaxaSection />
      <ReferenceDataSection />
    </PageMain>
  );
}
