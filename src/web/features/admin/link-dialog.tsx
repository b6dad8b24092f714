import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatDateTime } from './admin-format';

/**
 * A link the server made just now and keeps only hashed: shown once, to copy and hand over.
 * `link` undefined shows `pending` or `error` instead.
 */
export function LinkDialog({
  open,
  onOpenChange,
  title,
  description,
  link,
  error,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  link?: { url: string; expiresAt: string };
  error?: string;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied(true);
      toast.success('Link copied');
    } catch {
      toast.error('Could not copy the link', { description: 'Select it and copy it by hand.' });
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setCopied(false);
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : link ? (
          <div className="grid gap-2">
            <Label htmlFor="admin-link">Link</Label>
            <div className="flex gap-2">
              <Input
                id="admin-link"
                readOnly
                value={link.url}
                onFocus={(event) => event.currentTarget.select()}
                className="font-mono text-xs"
              />
              <Button type="button" variant="outline" onClick={copy} aria-label="Copy link">
                {copied ? <Check /> : <Copy />}
                <span className="hidden sm:inline">{copied ? 'Copied' : 'Copy'}</span>
              </Button>
            </div>
            <p className="text-sm text-muted-foreground">
              Works once, until {formatDateTime(link.expiresAt)}. It is shown only now: copy it
              before you close this.
            </p>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">Making the link...</p>
        )}
        <DialogFooter>
          <Button type="button" onClick={() => onOpenChange(false)}>
            Done
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
