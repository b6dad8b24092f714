import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { passwordResetRequestSchema } from '../../../common/auth/schemas';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/text-field';
import { showServerError } from './form-error';
import { ServerErrorAlert } from './server-error-alert';
import { useRequestPasswordReset } from './use-auth-mutations';

/** Without mail, the sign-in form's hint: only the admin can help. */
export function AskAdminForReset() {
  return (
    <p className="text-center text-sm text-muted-foreground">
      Forgot your password? Ask the admin of this server for a reset link.
    </p>
  );
}

/** With mail (SMTP_URL): an email address, then the same answer whether an account uses it. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const request = useRequestPasswordReset();
  const form = useForm({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '' },
  });
  const pending = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await request.mutateAsync(values);
    } catch (error) {
      showServerError(form, ['email'], error);
    }
  });

  if (request.isSuccess) {
    return (
      <div className="grid gap-4">
        <Alert>
          <MailCheck />
          <AlertDescription>
            If an account uses {request.variables.email}, a link to reset its password is on its
            way. It works for an hour. Check your spam folder if it does not arrive.
          </AlertDescription>
        </Alert>
        <Button variant="outline" onClick={onBack}>
          Back to sign in
        </Button>
      </div>
    );
  }

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <p className="text-sm text-muted-foreground">
          Enter the email of your account and we will mail you a link to choose a new password.
        </p>
        <ServerErrorAlert message={form.formState.errors.root?.server?.message} />
        <TextField
          control={form.control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
        />
        <Button type="submit" disabled={pending} className="w-full">
          {pending && <Spinner aria-hidden="true" />}
          Send reset link
        </Button>
        <Button type="button" variant="ghost" onClick={onBack}>
          Back to sign in
        </Button>
      </form>
    </Form>
  );
}
