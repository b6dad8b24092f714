import { zodResolver } from '@hookform/resolvers/zod';
import { UserRound, UserPlus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { trustedViewerAddSchema, type TrustedViewer } from '../../../common/account/schemas';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { Button } from '@/components/ui/button';
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { useAddTrustedViewer, useRemoveTrustedViewer, useTrustedViewers } from './use-account';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const viewerLabel = (viewer: TrustedViewer) => viewer.name ?? viewer.email ?? 'Unnamed account';

/** The accounts that see the exact places of the user's obscured logs (issue 35). */
export function TrustedViewers() {
  const viewers = useTrustedViewers();
  return (
    <div className="grid gap-4">
      {viewers.isPending ? (
        <Skeleton className="h-14" aria-busy="true" />
      ) : viewers.isError ? (
        <QueryErrorAlert error={viewers.error} onRetry={() => void viewers.refetch()} />
      ) : viewers.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">You trust no one yet.</p>
      ) : (
        <ViewerList viewers={viewers.data.items} />
      )}
      <AddViewerForm />
    </div>
  );
}

function ViewerList({ viewers }: { viewers: TrustedViewer[] }) {
  const remove = useRemoveTrustedViewer();
  const removeViewer = (viewer: TrustedViewer) =>
    remove.mutate(viewer.id, {
      onSuccess: () => toast.success(`${viewerLabel(viewer)} is no longer a trusted viewer`),
      onError: (error) => toast.error(errorMessage(error, 'The viewer could not be removed')),
    });
  return (
    <ul className="grid divide-y rounded-md border" aria-label="Trusted viewers">
      {viewers.map((viewer) => {
        const removing = remove.isPending && remove.variables === viewer.id;
        return (
          <li key={viewer.id} className="flex items-center gap-3 p-3">
            <UserRound className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
            <div className="grid min-w-0 flex-1 gap-0.5">
              <span className="truncate font-medium">{viewerLabel(viewer)}</span>
              {viewer.name && viewer.email && (
                <span className="truncate text-sm text-muted-foreground">{viewer.email}</span>
              )}
              <span className="text-sm text-muted-foreground">
                Trusted since {day.format(new Date(viewer.since))}
              </span>
            </div>
            <Button
              variant="outline"
              size="sm"
              aria-label={`Remove ${viewerLabel(viewer)}`}
              disabled={removing}
              onClick={() => removeViewer(viewer)}
            >
              {removing && <Spinner aria-hidden="true" />}
              Remove
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

/** An email of an account of this server; the server's refusal shows under the field. */
function AddViewerForm() {
  const add = useAddTrustedViewer();
  const form = useForm({
    resolver: zodResolver(trustedViewerAddSchema),
    defaultValues: { email: '' },
  });
  const pending = form.formState.isSubmitting;
  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      const viewer = await add.mutateAsync(email);
      form.reset({ email: '' });
      toast.success(`${viewerLabel(viewer)} is a trusted viewer`);
    } catch (error) {
      form.setError('email', { message: errorMessage(error, 'The viewer could not be added') });
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate>
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Email of an account on this server</FormLabel>
              <div className="flex gap-2">
                <FormControl>
                  <Input {...field} type="email" autoComplete="off" className="sm:max-w-80" />
                </FormControl>
                <Button type="submit" variant="outline" disabled={pending}>
                  {pending ? <Spinner aria-hidden="true" /> : <UserPlus />}
                  Add
                </Button>
              </div>
              <FormMessage />
            </FormItem>
          )}
        />
      </form>
    </Form>
  );
}
