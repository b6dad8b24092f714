import { useState } from 'react';
import { Upload } from 'lucide-react';
import { toast } from 'sonner';
import { importRefusalSchema, type ImportRejection } from '../../../common/data-exchange/import';
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
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { importedMessage } from './import-report';
import { useImportLogs } from './use-import-logs';

const SHOWN_REJECTIONS = 50;

type Problem = { message: string; rejected: ImportRejection[] };

function problemOf(error: unknown): Problem {
  if (error instanceof ApiError) {
    const report = importRefusalSchema.safeParse(error.details);
    if (report.success) return { message: report.data.message, rejected: report.data.rejected };
  }
  return { message: errorMessage(error, 'Failed to import the file'), rejected: [] };
}

/** Import a CSV file from the logs list: all rows or none, with every refused row listed. */
export function ImportDialog() {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const importLogs = useImportLogs();

  const reset = (next: boolean) => {
    setOpen(next);
    setFile(null);
    setProblem(null);
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setProblem(null);
    try {
      const result = await importLogs.mutateAsync(file);
      toast.success('Success', { description: importedMessage(result) });
      reset(false);
    } catch (error) {
      setProblem(problemOf(error));
    }
  };

  return (
    <Dialog open={open} onOpenChange={reset}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Upload />
          Import
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={onSubmit} className="grid min-w-0 gap-4">
          <DialogHeader>
            <DialogTitle>Import Sightings</DialogTitle>
            <DialogDescription>
              A CSV file: a Sightbook export, an iNaturalist observations export or eBird&apos;s
              &quot;My eBird Data&quot; download. If any row has a problem, nothing is imported.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="import-file">CSV file</Label>
            <Input
              id="import-file"
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setProblem(null);
              }}
            />
          </div>
          {problem && (
            <Alert variant="destructive" className="max-h-64 overflow-y-auto">
              <AlertTitle>{problem.message}</AlertTitle>
              {problem.rejected.length > 0 && (
                <AlertDescription>
                  <ul className="list-disc pl-4">
                    {problem.rejected.slice(0, SHOWN_REJECTIONS).map(({ line, reason }) => (
                      <li key={`${line}-${reason}`} className="break-words">
                        Line {line}: {reason}
                      </li>
                    ))}
                  </ul>
                  {problem.rejected.length > SHOWN_REJECTIONS && (
                    <p>and {problem.rejected.length - SHOWN_REJECTIONS} more</p>
                  )}
                </AlertDescription>
              )}
            </Alert>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => reset(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!file || importLogs.isPending}>
              {importLogs.isPending && <Spinner aria-hidden="true" />}
              Import
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
