import {
  Ban,
  CircleCheck,
  HardDrive,
  KeyRound,
  MoreHorizontal,
  Shield,
  ShieldOff,
} from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { MAX_QUOTA_MB, type AdminUser, type AdminUserUpdate } from '../../../common/admin';
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
import { Button } from '@/components/ui/button';
import { IconTooltip } from '@/components/ui/tooltip';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/error-message';
import { userLabel } from './admin-format';
import { formatStorage } from '@/lib/storage-format';
import { LinkDialog } from './link-dialog';
import { useMakeResetLink, useUpdateUser } from './use-admin';

type Open = 'disable' | 'quota' | 'reset' | null;

/** The menu of one user's row: disable or enable, quota, reset link, reviewer, role. */
export function UserActions({
  user,
  isSelf,
  defaultQuotaMb,
}: {
  user: AdminUser;
  isSelf: boolean;
  defaultQuotaMb: number;
}) {
  const [open, setOpen] = useState<Open>(null);
  const update = useUpdateUser();
  const resetLink = useMakeResetLink();
  const label = userLabel(user);

  const change = async (changes: AdminUserUpdate, done: string) => {
    try {
      await update.mutateAsync({ id: user.id, update: changes });
      toast.success(done);
      return true;
    } catch (error) {
      toast.error('Not changed', { description: errorMessage(error, 'Please try again.') });
      return false;
    }
  };

  const openResetLink = () => {
    resetLink.reset();
    setOpen('reset');
    resetLink.mutate(user.id);
  };

  return (
    <>
      <DropdownMenu>
        <IconTooltip label={`Actions for ${label}`}>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={`Actions for ${label}`}>
              <MoreHorizontal />
            </Button>
          </DropdownMenuTrigger>
        </IconTooltip>
        <DropdownMenuContent align="end" className="min-w-52">
          {user.disabledAt ? (
            <DropdownMenuItem
              onSelect={() => void change({ disabled: false }, `${label} can sign in again`)}
            >
              <CircleCheck />
              Enable
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem disabled={isSelf} onSelect={() => setOpen('disable')}>
              <Ban />
              Disable
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={() => setOpen('quota')}>
            <HardDrive />
            Change quota
          </DropdownMenuItem>
          <DropdownMenuItem
            disabled={!user.email || user.disabledAt !== null}
            onSelect={openResetLink}
          >
            <KeyRound />
            Make reset link
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuCheckboxItem
            checked={user.reviewer}
            onSelect={() =>
              void change(
                { reviewer: !user.reviewer },
                user.reviewer ? `${label} is no longer a reviewer` : `${label} is a reviewer`,
              )
            }
          >
            <span className="grid">
              Reviewer
              <span className="text-xs text-muted-foreground">
                Sees the exact place of obscured logs
              </span>
            </span>
          </DropdownMenuCheckboxItem>
          {user.role === 'admin' ? (
            <DropdownMenuItem
              onSelect={() => void change({ role: 'user' }, `${label} is no longer an admin`)}
            >
              <ShieldOff />
              Remove admin role
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem
              onSelect={() => void change({ role: 'admin' }, `${label} is an admin`)}
            >
              <Shield />
              Make admin
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>

      <AlertDialog
        open={open === 'disable'}
        onOpenChange={(next) => setOpen(next ? 'disable' : null)}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Disable {label}?</AlertDialogTitle>
            <AlertDialogDescription>
              They are signed out everywhere at once and cannot sign in until you enable the account
              again. Their logs and photos stay.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              className="bg-destructive text-white hover:bg-destructive/90"
              onClick={() => void change({ disabled: true }, `${label} is disabled`)}
            >
              Disable
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>

      <QuotaDialog
        open={open === 'quota'}
        onOpenChange={(next) => setOpen(next ? 'quota' : null)}
        user={user}
        defaultQuotaMb={defaultQuotaMb}
        onSave={(storageQuotaMb) => change({ storageQuotaMb }, `Quota of ${label} changed`)}
      />

      <LinkDialog
        open={open === 'reset'}
        onOpenChange={(next) => setOpen(next ? 'reset' : null)}
        title={`Reset link for ${label}`}
        description="Send this link to them yourself: it lets them choose a new password, and signs them out everywhere else."
        link={resetLink.data}
        error={
          resetLink.isError ? errorMessage(resetLink.error, 'Could not make the link.') : undefined
        }
      />
    </>
  );
}

function QuotaDialog({
  open,
  onOpenChange,
  user,
  defaultQuotaMb,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: AdminUser;
  defaultQuotaMb: number;
  onSave: (quotaMb: number | null) => Promise<boolean>;
}) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);

  const save = async (quotaMb: number | null) => {
    setSaving(true);
    const saved = await onSave(quotaMb);
    setSaving(false);
    if (saved) onOpenChange(false);
  };
  const submit = () => {
    const value = Number(text.trim());
    if (!text.trim() || !Number.isInteger(value) || value < 0 || value > MAX_QUOTA_MB) {
      setProblem(`Enter a whole number of MB from 0 to ${MAX_QUOTA_MB.toLocaleString()}.`);
      return;
    }
    void save(value);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setText(String(user.storageQuotaMb ?? defaultQuotaMb));
          setProblem(undefined);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Photo storage of {userLabel(user)}</DialogTitle>
          <DialogDescription>
            They use {formatStorage(user.storageUsedBytes)}. The server default is{' '}
            {defaultQuotaMb.toLocaleString()} MB.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Label htmlFor="quota-mb">Quota in MB</Label>
          <Input
            id="quota-mb"
            inputMode="numeric"
            value={text}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'quota-problem' : undefined}
            onChange={(event) => {
              setText(event.target.value);
              setProblem(undefined);
            }}
          />
          {problem && (
            <p id="quota-problem" className="text-sm text-destructive">
              {problem}
            </p>
          )}
          <DialogFooter className="mt-4 gap-2">
            {user.storageQuotaMb !== null && (
              <Button
                type="button"
                variant="outline"
                disabled={saving}
                onClick={() => void save(null)}
              >
                Use the server default
              </Button>
            )}
            <Button type="submit" disabled={saving}>
              Save quota
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
