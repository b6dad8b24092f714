import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { registerSchema } from '../../../common/auth/schemas';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { TextField } from '@/components/text-field';
import { Spinner } from '@/components/ui/spinner';
import { showServerError } from './form-error';
import { NewPasswordField } from './new-password-field';
import { withPasswordEstimator } from './password-strength';
import { ServerErrorAlert } from './server-error-alert';
import { useRegister } from './use-auth-mutations';

const fields = ['email', 'password', 'firstName', 'lastName'] as const;

/** The create-account form; `invitation` is the token of the invitation link it was opened with. */
export function RegisterForm({ invitation }: { invitation?: string }) {
  const register = useRegister();
  const form = useForm({
    resolver: withPasswordEstimator(zodResolver(registerSchema)),
    defaultValues: { email: '', password: '', firstName: '', lastName: '' },
  });
  const pending = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      // the login page then moves on (login-page.tsx)
      await register.mutateAsync({ ...values, invitation });
    } catch (error) {
      showServerError(form, fields, error);
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <ServerErrorAlert message={form.formState.errors.root?.server?.message} />
        <div className="grid gap-4 sm:grid-cols-2">
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
        <NewPasswordField control={form.control} name="password" label="Password" />
        <Button type="submit" disabled={pending} className="w-full">
          {pending && <Spinner aria-hidden="true" />}
          Create Account
        </Button>
      </form>
    </Form>
  );
}
