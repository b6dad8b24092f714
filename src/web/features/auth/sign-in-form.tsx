import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { loginSchema } from '../../../common/auth/schemas';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { TextField } from '@/components/text-field';
import { Spinner } from '@/components/ui/spinner';
import { showServerError } from './form-error';
import { ServerErrorAlert } from './server-error-alert';
import { useLogin } from './use-auth-mutations';

export function SignInForm() {
  const login = useLogin();
  const form = useForm({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const pending = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await login.mutateAsync(values); // the login page then moves on (login-page.tsx)
    } catch (error) {
      showServerError(form, ['email', 'password'], error);
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <ServerErrorAlert message={form.formState.errors.root?.server?.message} />
        <TextField
          control={form.control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
        />
        <TextField
          control={form.control}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
        />
        <Button type="submit" disabled={pending} className="w-full">
          {pending && <Spinner aria-hidden="true" />}
          Sign In
        </Button>
      </form>
    </Form>
  );
}
