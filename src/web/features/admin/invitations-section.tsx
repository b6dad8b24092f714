import { MailPlus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { RegistrationMode } from '../../../common/auth/schemas';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';
import { formatDate, formatDateTime } from './admin-format';
import { LinkDialog } from './link-dialog';
import { useCreateInvitation, useInvitations, useRevokeInvitation } from './use-admin';

const modeNotes: Record<RegistrationMode, string> = {
  open: 'Sign-up is open on this server: anyone can create an account, with or without an invitation.',
  invite: 'New people need an invitation to create an account. Each link works once, for 7 days.',
  closed:
    'Sign-up is closed on this server (REGISTRATION=closed): no one can create an account, not even with an invitation.',
};

export function InvitationsSection({ registration }: { registration: RegistrationMode }) {
  const invitations = useInvitations();
  const create = useCreateInvitation();
  const revoke = useRevokeInvitation();
  const [dialogOpen, setDialogOpen] = useState(false);

  const createInvitation = () => {
    create.reset();
    setDialogOpen(true);
    create.mutate();
  };
  const revokeInvitation = async (id: string) => {
    try {
      await revoke.mutateAsync(id);
      toast.success('Invitation revoked', { description: 'Its link no longer works.' });
    } catch (error) {
      toast.error('Not revoked', { description: errorMessage(error, 'Please try again.') });
    }
  };

  return (
    <section aria-labelledby="invitations-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="invitations-heading" className="text-xl font-semibold">
            Invitations
          </h2>
          <p className="text-sm text-muted-foreground">{modeNotes[registration]}</p>
        </div>
        <Button onClick={createInvitation} disabled={registration === 'closed'}>
          <MailPlus />
          Create invitation
        </Button>
      </div>
      <QueryErrorAlert error={invitations.error} onRetry={() => void invitations.refetch()} />
      {invitations.isPending ? (
        <Skeleton className="h-12 w-full" />
      ) : invitations.data?.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">No open invitations.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Open invitations">
          {invitations.data?.items.map((invitation) => (
            <li
              key={invitation.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border px-4 py-3"
            >
              <div className="text-sm">
                <div>Expires {formatDateTime(invitation.expiresAt)}</div>
                <div className="text-muted-foreground">
                  Made {formatDate(invitation.createdAt)}
                  {invitation.createdBy && ` by ${invitation.createdBy}`}
                </div>
              </div>
              <Button
                variant="outline"
                size="sm"
                disabled={revoke.isPending}
                onClick={() => void revokeInvitation(invitation.id)}
              >
                <Trash2 />
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
      <LinkDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        title="Invitation link"
        description="Send this link to the person you invite: it opens the create-account form."
        link={create.data}
        error={
          create.isError ? errorMessage(create.error, 'Could not make the invitation.') : undefined
        }
      />
    </section>
  );
}
