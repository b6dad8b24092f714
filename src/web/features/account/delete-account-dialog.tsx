import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { DELETE_CONFIRMATION_WITHOUT_EMAIL, type Account } from '../../../common/account/schemas';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { ServerErrorAlert } from '@/features/auth';
import { errorMessage } from '@/lib/error-message';
import { useDeleteAccount } from './use-account';
import { forgetDeviceData } from '@/features/offline';

/**
 * Deleting the account: typing the email (or DELETE, for an account without one) and the
 * password (when the account has one) confirms it. Afterwards the browser starts over signed out.
 */
export function DeleteAccountDialog({ account }: { account: Account }) {
  const [open, setOpen] = useState(false);
  const [confirmEmail, setConfirmEmail] = useState('');
  const [password, setPassword] = useState('');
  const remove = useDeleteAccount();
  const expected = account.email ?? DELETE_CONFIRMATION_WITHOUT_EMAIL;
  const confirmed =
    confirmEmail.trim().toLowerCase() === expected.toLowerCase() &&
    (!account.hasPassword || password.length > 0);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setConfirmEmail('');
      setPassword('');
      remove.reset();
    }
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    remove.mutate(
      { confirmEmail, ...(account.hasPassword ? { password } : {}) },
      // nothing of the account stays on the device (as at sign-out), then a full load
      {
        onSuccess: () =>
          void forgetDeviceData(account.id).finally(() => window.location.assign('/')),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="destructive">
          <Trash2 />
          Delete account
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={onSubmit} className="grid min-w-0 gap-4">
          <DialogHeader>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>
              Your logs, photos and everything else of your account are deleted for good. This
              cannot be undone: download your archive first if you want to keep them.
            </DialogDescription>
          </DialogHeader>
          <ServerErrorAlert
            message={remove.isError ? errorMessage(remove.error, remove.error.message) : undefined}
          />
          <div className="grid gap-2">
            <Label htmlFor="delete-confirm-email">
              {account.email ? (
                <span>
                  Type your email, <span className="font-semibold break-all">{account.email}</span>
                </span>
              ) : (
                `Type ${DELETE_CONFIRMATION_WITHOUT_EMAIL}`
              )}
            </Label>
            <Input
              id="delete-confirm-email"
              type={account.email ? 'email' : 'text'}
              autoComplete="off"
              value={confirmEmail}
              onChange={(event) => setConfirmEmail(event.target.value)}
            />
          </div>
          {account.hasPassword && (
            <div className="grid gap-2">
              <Label htmlFor="delete-password">Password</Label>
              <Input
                id="delete-password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </div>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={!confirmed || remove.isPending}>
              {remove.isPending && <Spinner aria-hidden="true" />}
              {remove.isPending ? 'Deleting...' : 'Delete account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
