import { CircleAlert } from 'lucide-react';
import { accountMessages, type RegistrationMode } from '../../../common/auth/schemas';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { InvitationPanel } from './invitation-panel';
import { RegisterForm } from './register-form';
import { useRegistration } from './use-auth-mutations';

/**
 * The create-account tab: the form when sign-up can work (open, a usable invitation link, or no
 * account on the server yet), else plainly why not, instead of a form that would fail.
 */
export function RegisterPanel({
  registration,
  invitation,
  onSignIn,
}: {
  registration: RegistrationMode;
  invitation?: string;
  /** Shows the sign-in tab: what to do with an invitation already used. */
  onSignIn: () => void;
}) {
  const needsAnswer = !invitation && registration !== 'open';
  const status = useRegistration(needsAnswer);

  if (invitation) {
    return (
      <InvitationPanel invitation={invitation} registration={registration} onSignIn={onSignIn} />
    );
  }
  if (!needsAnswer) return <RegisterForm />;
  if (status.isPending) {
    return (
      <div className="flex justify-center py-6" aria-label="Loading">
        <Spinner />
      </div>
    );
  }
  // no answer (offline, an error): the form, and the server says what it thinks of it
  if (status.isError || status.data.firstAccount) {
    return (
      <div className="grid gap-4">
        {status.data?.firstAccount && (
          <p className="text-sm text-muted-foreground">
            This server has no accounts yet: the first one becomes its admin.
          </p>
        )}
        <RegisterForm />
      </div>
    );
  }
  return (
    <Alert>
      <CircleAlert />
      <AlertDescription>
        {registration === 'closed'
          ? accountMessages.registrationClosed
          : accountMessages.invitationRequired}
      </AlertDescription>
    </Alert>
  );
}
