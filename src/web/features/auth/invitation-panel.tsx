import { CircleAlert, MailOpen } from 'lucide-react';
import { useSearchParams } from 'wouter';
import { accountMessages, type RegistrationMode } from '../../../common/auth/schemas';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { RegisterForm } from './register-form';
import { useInvitationStatus } from './use-auth-mutations';

const refusals = {
  used: {
    title: accountMessages.invitationUsed,
    text: 'If you made your account with it, sign in. If not, ask the admin of this server for a new invitation.',
  },
  expired: {
    title: accountMessages.invitationExpired,
    text: 'Ask the admin of this server for a new invitation. If you already have an account, sign in.',
  },
  unknown: { title: undefined, text: accountMessages.invitationUnknown },
} as const;

/**
 * The create-account tab opened by an invitation link: the form while the invitation can be
 * used, else at once why not and what to do, instead of a form that would fail (issue 31).
 */
export function InvitationPanel({
  invitation,
  registration,
  onSignIn,
}: {
  invitation: string;
  registration: RegistrationMode;
  onSignIn: () => void;
}) {
  const status = useInvitationStatus(invitation);
  const [, setParams] = useSearchParams();

  if (status.isPending) {
    return (
      <div className="flex justify-center py-6" aria-label="Loading">
        <Spinner />
      </div>
    );
  }
  const unknown = status.error instanceof ApiError && status.error.status === 404;
  const refusal = unknown
    ? 'unknown'
    : status.data?.status === 'valid'
      ? undefined
      : status.data?.status;
  if (!refusal) {
    // valid, or no answer (offline, an error): the form, and the server has the last word
    return (
      <div className="grid gap-4">
        {status.data && (
          <Alert>
            <MailOpen />
            <AlertDescription>You have an invitation: create your account below.</AlertDescription>
          </Alert>
        )}
        <RegisterForm invitation={invitation} />
      </div>
    );
  }

  const { title, text } = refusals[refusal];
  return (
    <div className="grid gap-4">
      <Alert>
        <CircleAlert />
        {title && <AlertTitle className="line-clamp-none">{title}</AlertTitle>}
        <AlertDescription>{text}</AlertDescription>
      </Alert>
      <Button type="button" variant="outline" onClick={onSignIn}>
        Sign In
      </Button>
      {registration === 'open' && (
        // anyone may sign up here: the link is not needed
        <Button
          type="button"
          variant="link"
          onClick={() =>
            setParams((params) => {
              const next = new URLSearchParams(params);
              next.delete('invitation');
              return next;
            })
          }
        >
          Create an account without it
        </Button>
      )}
    </div>
  );
}
