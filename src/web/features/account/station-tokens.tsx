import { KeyRound, Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { accessTokenCreateSchema, type AccessToken } from '../../../common/access-tokens';
import { QueryErrorAlert } from '@/components/query-error-alert';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { NewTokenDialog } from './new-token-dialog';
import { useAccessTokens, useCreateAccessToken, useRevokeAccessToken } from './use-access-tokens';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dayAndTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "Created May 1, 2026 · last used May 2, 2026, 6:00 AM", or when it was revoked. */
function tokenDates(token: AccessToken) {
  const made = `Created ${day.format(new Date(token.createdAt))}`;
  const used = token.lastUsedAt
    ? `last used ${dayAndTime.format(new Date(token.lastUsedAt))}`
    : 'never used';
  const revoked = token.revokedAt ? ` · revoked ${day.format(new Date(token.revokedAt))}` : '';
  return `${made} · ${used}${revoked}`;
}

/** Issue 37: the tokens a station posts its detections with, made, listed and revoked here. */
export function StationTokens() {
  const tokens = useAccessTokens();
  return (
    <div className="grid gap-4">
      {tokens.isPending ? (
        <Skeleton className="h-14" aria-busy="true" />
      ) : tokens.isError ? (
        <QueryErrorAlert error={tokens.error} onRetry={() => void tokens.refetch()} />
      ) : tokens.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No tokens yet.</p>
      ) : (
        <TokenList tokens={tokens.data} />
      )}
      <CreateTokenForm />
    </div>
  );
}

function TokenList({ tokens }: { tokens: AccessToken[] }) {
  const revoke = useRevokeAccessToken();
  const [asked, setAsked] = useState<AccessToken>();
  const confirmRevoke = (token: AccessToken) =>
    revoke.mutate(token.id, {
      onSuccess: () => toast.success(`${token.name} revoked`),
      onError: (error) => toast.error(errorMessage(error, 'The token could not be revoked')),
      onSettled: () => setAsked(undefined),
    });
  return (
    <>
      <ul className="grid divide-y rounded-md border" aria-label="Station tokens">
        {tokens.map((token) => (
          <li key={token.id} className="flex flex-wrap items-center gap-3 p-3">
            <KeyRound className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
            <div className="grid min-w-0 flex-1 gap-0.5">
              <span className="flex flex-wrap items-center gap-2 font-medium break-words">
                {token.name}
                {token.revokedAt && <Badge variant="outline">Revoked</Badge>}
              </span>
              <span className="text-sm text-muted-foreground">{tokenDates(token)}</span>
            </div>
            {!token.revokedAt && (
              <Button
                variant="outline"
                size="sm"
                aria-label={`Revoke ${token.name}`}
                onClick={() => setAsked(token)}
              >
                Revoke
              </Button>
            )}
          </li>
        ))}
      </ul>
      <AlertDialog
        open={asked !== undefined}
        onOpenChange={(open) => !open && !revoke.isPending && setAsked(undefined)}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Revoke {asked?.name}?</AlertDialogTitle>
            <AlertDialogDescription>
              A station posting with this token is refused from now on. This cannot be undone: give
              the station a new token instead.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={revoke.isPending}>Cancel</AlertDialogCancel>
            <AlertDialogAction
              className={buttonVariants({ variant: 'destructive' })}
              disabled={revoke.isPending}
              onClick={(event) => {
                event.preventDefault(); // stays open, reading 'Revoking...', until the call ends
                if (asked) confirmRevoke(asked);
              }}
            >
              {revoke.isPending ? 'Revoking...' : 'Revoke'}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

/** A name for the new token; the server's refusal (too many, a bad name) shows under it. */
function CreateTokenForm() {
  const create = useCreateAccessToken();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [made, setMade] = useState<{ name: string; token: string }>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = accessTokenCreateSchema.safeParse({ name });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    create.mutate(checked.data.name, {
      onSuccess: (token) => {
        setName('');
        setMade(token);
      },
      onError: (failure) => setError(errorMessage(failure, 'The token could not be made')),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-2">
      <Label htmlFor="token-name" className={error ? 'text-destructive' : undefined}>
        Name of a new token
      </Label>
      <div className="flex gap-2">
        <Input
          id="token-name"
          autoComplete="off"
          placeholder="Garden BirdNET-Pi"
          className="sm:max-w-80"
          value={name}
          aria-invalid={error !== undefined}
          onChange={(event) => {
            setName(event.target.value);
            setError(undefined);
          }}
        />
        <Button type="submit" variant="outline" disabled={create.isPending}>
          {create.isPending ? <Spinner aria-hidden="true" /> : <Plus />}
          Create Token
        </Button>
      </div>
      {error && (
        <p className="text-sm text-destructive" role="alert">
          {error}
        </p>
      )}
      <NewTokenDialog token={made} onClose={() => setMade(undefined)} />
    </form>
  );
}
