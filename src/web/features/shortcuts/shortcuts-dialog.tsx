import { useState } from 'react';
import { useLocation } from 'wouter';
import { appRoutes } from '../../../common/routes';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { isMac, modifierLabel, useShortcuts } from '@/lib/keyboard-shortcuts';

function shortcutList(mod: string) {
  return [
    { keys: [mod, 'N'], action: 'New log' },
    { keys: ['Shift', '?'], action: 'Show keyboard shortcuts' },
    { keys: [mod, 'S'], action: 'Save the log form' },
    { keys: ['Esc'], action: 'Cancel the log form' },
  ];
}

/** The app-wide shortcuts, Ctrl/Cmd+N and Shift+?, and the help dialog (SPEC §9). */
export function GlobalShortcuts() {
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  useShortcuts({
    newLog: () => navigate(appRoutes.newLog),
    help: () => setOpen(true),
  });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Keyboard Shortcuts</DialogTitle>
          <DialogDescription>Shortcuts are ignored while you type, except Esc.</DialogDescription>
        </DialogHeader>
        <dl className="grid gap-3">
          {shortcutList(modifierLabel(isMac())).map(({ keys, action }) => (
            <div key={action} className="flex items-center justify-between gap-4">
              <dt className="text-sm">{action}</dt>
              <dd className="flex gap-1">
                {keys.map((key) => (
                  <kbd
                    key={key}
                    className="rounded border bg-muted px-1.5 py-0.5 font-mono text-xs text-muted-foreground"
                  >
                    {key}
                  </kbd>
                ))}
              </dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
