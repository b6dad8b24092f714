import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { accountUpdateSchema, type Account } from '../../../common/account/schemas';
import { TextField } from '@/components/text-field';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { ServerErrorAlert, showServerError } from '@/features/auth';
import { useUpdateAccount } from './use-account';

const fields = ['firstName', 'lastName', 'email', 'currentPassword'] as const;

/** Name and email; a new email asks for the current password (accounts that have one). */
export function ProfileForm({ account }: { account: Account }) {
  const update = useUpdateAccount();
  const form = useForm({
    resolver: zodResolver(accountUpdateSchema),
    defaultValues: {
      firstName: account.firstName ?? '',
      lastName: account.lastName ?? '',
      email: account.email ?? '',
      currentPassword: '',
    },
  });
  const email = useWatch({ control: form.control, name: 'email' });
  const emailChanged = (email ?? '').trim().toLowerCase() !== (account.email ?? '');
  const needsPassword = emailChanged && account.hasPassword;
  const pending = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async ({ currentPassword, ...values }) => {
    try {
      const saved = await update.mutateAsync({
        ...values,
        ...(needsPassword ? { currentPassword } : {}),
      });
      form.reset({
        firstName: saved.firstName ?? '',
        lastName: saved.lastName ?? '',
        email: saved.email ?? '',
        currentPassword: '',
      });
      toast.success('Your account is saved');
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
            name="firstName"
            label="First name"
            autoComplete="given-name"
          />
          <TextField
            control={form.control}
            name="lastName"
            label="Last name"
            autoComplete="family-name"
          />
        </div>
        <TextField
          control={form.control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
        />
        {needsPassword && (
          <TextField
            control={form.control}
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            description="Needed to change your email."
          />
        )}
        <div>
          <Button type="submit" disabled={pending || !form.formState.isDirty}>
            {pending && <Spinner aria-hidden="true" />}
            Save
          </Button>
        </div>
      </form>
    </Form>
  );
}
