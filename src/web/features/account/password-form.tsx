import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { passwordChangeSchema } from '../../../common/account/schemas';
import { TextField } from '@/components/text-field';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import {
  NewPasswordField,
  ServerErrorAlert,
  showServerError,
  withPasswordEstimator,
} from '@/features/auth';
import { useChangePassword } from './use-account';

const fields = ['currentPassword', 'newPassword'] as const;

/** A new password; the server ends every other session of the account. */
export function PasswordForm() {
  const change = useChangePassword();
  const form = useForm({
    resolver: withPasswordEstimator(zodResolver(passwordChangeSchema)),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const pending = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      form.reset();
      toast.success('Password changed', {
        description: 'You stay signed in here; your other sessions have ended.',
      });
    } catch (error) {
      showServerError(form, fields, error);
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <ServerErrorAlert message={form.formState.errors.root?.server?.message} />
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <TextField
            control={form.control}
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
          />
          <NewPasswordField control={form.control} name="newPassword" label="New password" />
        </div>
        <div>
          <Button type="submit" disabled={pending}>
            {pending && <Spinner aria-hidden="true" />}
            Change password
          </Button>
        </div>
      </form>
    </Form>
  );
}
