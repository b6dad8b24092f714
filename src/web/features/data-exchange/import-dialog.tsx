import { useState } from 'react';
import { Upload } from 'lucide-react';
import { toast } from 'sonner';
import { rejectedCount, type ImportResult } from '../../../common/data-exchange/import';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
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
import { NeedsConnection } from '@/components/needs-connection';
import { errorMessage } from '@/lib/error-message';
import { importedMessage, previewMessage, reasonLine, unusualLine } from './import-report';
import { useImportLogs } from './use-import-logs';

const SHOWN_WARNINGS = 5;

/** What the dialog is doing with the file: sending it (a share sent), or waiting for the server. */
type Progress = { step: 'Checking' | 'Importing'; sent: number };

function progressText({ step, sent }: Progress) {
  return sent < 1 ? `Uploading… ${Math.floor(sent * 100)}%` : `${step}…`;
}

/**
 * Import a CSV file from the logs list: the file is checked first (a dry run) and the dialog says
 * what would be imported, skipped or is already there; the user then imports it.
 */
export function ImportDialog() {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const importLogs = useImportLogs();

  const reset = (next: boolean) => {
    if (progress) return; // a file on its way: the dialog stays until it is done
    setOpen(next);
    setFile(null);
    setPreview(null);
    setProblem(null);
  };

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setProblem(null);
    const step = dryRun ? 'Checking' : 'Importing';
    setProgress({ step, sent: 0 });
    try {
      const result = await importLogs.mutateAsync({
        file,
        dryRun,
        onInvalid: 'skip',
        onProgress: (sent) => setProgress({ step, sent }),
      });
      setProgress(null);
      if (dryRun) {
        setPreview(result);
        return;
      }
      toast.success('Success', {
        description: (
          <>
            {importedMessage(result)}
            {result.unusual.map((group) => (
              <span key={group.kind} className="block">
                {unusualLine(group)}
              </span>
            ))}
          </>
        ),
      });
      setOpen(false);
      setFile(null);
      setPreview(null);
    } catch (error) {
      setProgress(null);
      setProblem(errorMessage(error, 'Failed to import the file'));
    }
  };

  const skipped = preview ? rejectedCount(preview) : 0;
  const busy = progress !== null;
  return (
    <Dialog open={open} onOpenChange={reset}>
      <NeedsConnection>
        <DialogTrigger asChild>
          <Button variant="outline">
            <Upload />
            Import
          </Button>
        </DialogTrigger>
      </NeedsConnection>
      <DialogContent>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void send(preview === null);
          }}
          className="grid min-w-0 gap-4"
        >
          <DialogHeader>
            <DialogTitle>Import Sightings</DialogTitle>
            <DialogDescription>
              A CSV file (a Sightbook export, an iNaturalist observations export or eBird&apos;s
              &quot;My eBird Data&quot; download), or a Sightbook account archive (.zip) with its
              photos. The file is checked first: nothing is imported until you confirm.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="import-file">CSV file or account archive</Label>
            <Input
              id="import-file"
              type="file"
              accept=".csv,text/csv,.zip,application/zip"
              disabled={busy}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setPreview(null);
                setProblem(null);
              }}
            />
          </div>
          {progress && (
            <p role="status" className="text-muted-foreground flex items-center gap-2 text-sm">
              <Spinner aria-hidden="true" />
              {progressText(progress)}
            </p>
          )}
          {preview && !busy && (
            <Alert className="max-h-64 overflow-y-auto">
              <AlertTitle>{previewMessage(preview)}</AlertTitle>
              <AlertDescription>
                {preview.imported === 0 && <p>Nothing new to import.</p>}
                {skipped > 0 && <p className="mt-1 font-medium">Skipped rows</p>}
                {skipped > 0 && (
                  <ul className="list-disc pl-4">
                    {preview.rejectedSummary.map((group) => (
                      <li key={group.reason} className="break-words">
                        {reasonLine(group)}
                      </li>
                    ))}
                  </ul>
                )}
                {preview.warnings.length > 0 && <p className="mt-1 font-medium">Notes</p>}
                {preview.warnings.length > 0 && (
                  <ul className="list-disc pl-4">
                    {preview.warnings.slice(0, SHOWN_WARNINGS).map(({ line, message }) => (
                      <li key={`${line}-${message}`} className="break-words">
                        Line {line}: {message}
                      </li>
                    ))}
                    {preview.warnings.length > SHOWN_WARNINGS && (
                      <li>and {preview.warnings.length - SHOWN_WARNINGS} more notes</li>
                    )}
                  </ul>
                )}
                {/* issue 36: imported all the same; reviewers will see them */}
                {preview.unusual.length > 0 && <p className="mt-1 font-medium">Unusual here</p>}
                {preview.unusual.length > 0 && (
                  <ul className="list-disc pl-4">
                    {preview.unusual.map((group) => (
                      <li key={group.kind} className="break-words">
                        {unusualLine(group)}
                      </li>
                    ))}
                  </ul>
                )}
              </AlertDescription>
            </Alert>
          )}
          {problem && (
            <Alert variant="destructive" className="max-h-64 overflow-y-auto">
              <AlertTitle className="break-words">{problem}</AlertTitle>
            </Alert>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={busy} onClick={() => reset(false)}>
              Cancel
            </Button>
            <Button
              type="submit"
              disabled={!file || busy || (preview !== null && preview.imported === 0)}
            >
              {busy && <Spinner aria-hidden="true" />}
              {preview === null
                ? 'Check file'
                : skipped > 0
                  ? `Import ${preview.imported.toLocaleString('en')}, skip ${skipped.toLocaleString('en')}`
                  : `Import ${preview.imported.toLocaleString('en')}`}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
