import { useId, useState } from 'react';
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
import { buttonVariants } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';

interface DeleteOutingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** How many logs the outing has: with none, there is nothing to choose. */
  logs: number;
  pending: boolean;
  onConfirm: (withLogs: boolean) => void;
}

/** Issue 22: deleting an outing asks whether its logs stay (in no outing) or go with it. */
export function DeleteOutingDialog({
  open,
  onOpenChange,
  logs,
  pending,
  onConfirm,
}: DeleteOutingDialogProps) {
  const id = useId();
  const [withLogs, setWithLogs] = useState(false);
  const logsText = `${logs.toLocaleString()} ${logs === 1 ? 'log' : 'logs'}`;
  const choices = [
    {
      value: false,
      label: `Keep its ${logsText}`,
      hint: 'They stay in your logs, in no outing.',
    },
    {
      value: true,
      label: `Delete its ${logsText} too`,
      hint: 'Their photos are deleted with them. This cannot be undone.',
    },
  ];
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        if (next) setWithLogs(false); // the safe choice first, each time
        onOpenChange(next);
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete Outing</AlertDialogTitle>
          <AlertDialogDescription>
            {logs === 0
              ? 'Are you sure you want to delete this outing? This action cannot be undone.'
              : 'What should happen to the species you logged on this outing?'}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {logs > 0 && (
          <div role="radiogroup" aria-label="Its logs" className="grid gap-2">
            {choices.map((choice) => (
              <Label
                key={String(choice.value)}
                htmlFor={`${id}-${choice.value}`}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-md border p-3 font-normal',
                  withLogs === choice.value && 'border-primary bg-accent/40',
                )}
              >
                <input
                  type="radio"
                  id={`${id}-${choice.value}`}
                  name={`${id}-with-logs`}
                  className="mt-1 accent-primary"
                  checked={withLogs === choice.value}
                  onChange={() => setWithLogs(choice.value)}
                />
                <span className="grid gap-0.5">
                  <span className="font-medium">{choice.label}</span>
                  <span className="text-sm text-muted-foreground">{choice.hint}</span>
                </span>
              </Label>
            ))}
          </div>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            disabled={pending}
            onClick={(event) => {
              event.preventDefault(); // stays open, reading 'Deleting...', until the call ends
              onConfirm(withLogs);
            }}
          >
            {pending ? 'Deleting...' : withLogs ? 'Delete outing and logs' : 'Delete outing'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
