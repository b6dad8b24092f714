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
import { stationCurl } from './station-example';

/** Copies the text, saying so; a browser that refuses leaves it to select by hand. */
function useCopy() {
  const [copied, setCopied] = useState<string>();
  const copy = async (what: string, text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(what);
      toast.success(`${what} copied`);
    } catch {
      toast.error(`Could not copy the ${what.toLowerCase()}`, {
        description: 'Select it and copy it by hand.',
      });
    }
  };
  return { copied, copy };
}

/**
 * A token made just now: its secret, which the server keeps only hashed, shown this once with
 * the call a station makes with it. Closing the dialog forgets it.
 */
export function NewTokenDialog({
  token,
  onClose,
}: {
  token: { name: string; token: string } | undefined;
  onClose: () => void;
}) {
  const { copied, copy } = useCopy();
  const example = token ? stationCurl(window.location.origin, token.token) : '';
  return (
    <Dialog open={token !== undefined} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Token for {token?.name}</DialogTitle>
          <DialogDescription>
            Copy it now: it will not be shown again. It can import detections into your account and
            nothing else.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="new-token">Token</Label>
          <div className="flex gap-2">
            <Input
              id="new-token"
              readOnly
              value={token?.token ?? ''}
              onFocus={(event) => event.currentTarget.select()}
              className="font-mono text-xs"
            />
            <Button
              type="button"
              variant="outline"
              aria-label="Copy token"
              onClick={() => void copy('Token', token?.token ?? '')}
            >
              {copied === 'Token' ? <Check /> : <Copy />}
              <span className="hidden sm:inline">{copied === 'Token' ? 'Copied' : 'Copy'}</span>
            </Button>
          </div>
        </div>
        <div className="grid min-w-0 gap-2">
          <div className="flex items-center justify-between gap-2">
            <p id="new-token-example" className="text-sm font-medium">
              Example for the station
            </p>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-label="Copy example"
              onClick={() => void copy('Example', example)}
            >
              {copied === 'Example' ? <Check /> : <Copy />}
              Copy
            </Button>
          </div>
          <pre
            aria-labelledby="new-token-example"
            tabIndex={0}
            className="rounded-md border bg-muted px-3 py-2 font-mono text-xs whitespace-pre-wrap break-all"
          >
            {example}
          </pre>
          <p className="text-sm text-muted-foreground">
            Put the station&apos;s latitude and longitude in place of the dots, or leave them out
            for a file that has them, as BirdDB.txt does.
          </p>
        </div>
        <DialogFooter>
          <Button type="button" onClick={onClose}>
            Done
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
