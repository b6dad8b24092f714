import { zodResolver } from '@hookform/resolvers/zod';
import { Binoculars, CircleAlert } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, Redirect, useSearchParams } from 'wouter';
import { z } from 'zod';
import { newPasswordSchema } from '../../../common/auth/schemas';
import { PageMain } from '@/components/page-main';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/text-field';
import { productName } from '@/lib/product-name';
import { showServerError } from './form-error';
import { NewPasswordField } from './new-password-field';
import { withPasswordEstimator } from './password-strength';
import { ServerErrorAlert } from './server-error-alert';
import { useResetPassword } from './use-auth-mutations';
import { useDocumentTitle } from '@/lib/use-document-title';

const formSchema = z
  .object({ newPassword: newPasswordSchema, confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: 'The two passwords differ',
    path: ['confirmPassword'],
  });

/**
 * /reset-password?token=…: a link an admin made or the server mailed. A new password, then this
 * browser is signed in (and every other session of the account has ended).
 */
export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const form = useForm({
    resolver: withPasswordEstimator(zodResolver(formSchema)),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const pending = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    try {
      await reset.mutateAsync({ token, newPassword });
    } catch (error) {
      showServerError(form, ['newPassword'], error);
    }
  });

  if (reset.isSuccess) return <Redirect to="/" replace />;

  return (
    <PageMain className="flex min-h-screen flex-col items-center justify-center gap-6 px-4 py-10">
      <div className="flex items-center gap-2 text-2xl font-semibold">
        <Binoculars className="size-7 text-primary" aria-hidden="true" />
        <span>{productName}</span>
      </div>
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle>
            <h1>Choose a new password</h1>
          </CardTitle>
          <CardDescription>
            You will be signed in here, and signed out everywhere else.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {token ? (
            <Form {...form}>
              <form onSubmit={onSubmit} noValidate className="grid gap-4">
                <ServerErrorAlert message={form.formState.errors.root?.server?.message} />
                <NewPasswordField control={form.control} name="newPassword" label="New password" />
                <TextField
                  control={form.control}
                  name="confirmPassword"
                  label="New password again"
                  type="password"
                  autoComplete="new-password"
                />
                <Button type="submit" disabled={pending} className="w-full">
                  {pending && <Spinner aria-hidden="true" />}
                  Set password and sign in
                </Button>
              </form>
            </Form>
          ) : (
            <div className="grid gap-4">
              <Alert variant="destructive">
                <CircleAlert />
                <AlertDescription>
                  This link is incomplete. Open the whole link from your mail or from your admin.
                </AlertDescription>
              </Alert>
              <Button variant="outline" asChild>
                <Link href="/login">Go to sign in</Link>
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
    </PageMain>
  );
}
