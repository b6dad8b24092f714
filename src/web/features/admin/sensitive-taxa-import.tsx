import { FileUp } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import { MAX_SENSITIVE_CSV_BYTES } from '../../../common/sensitive-taxa';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { useImportSensitiveTaxa } from './use-admin';

/** A CSV file of rules, read in the browser and sent as text; what it did, and the rows refused. */
export function SensitiveTaxaImport() {
  const importRules = useImportSensitiveTaxa();
  const [problem, setProblem] = useState<string>();
  const result = importRules.data;

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file chosen again imports again
    if (!file) return;
    importRules.reset();
    setProblem(undefined);
    if (file.size > MAX_SENSITIVE_CSV_BYTES) return setProblem('The file must be at most 10 MB');
    try {
      await importRules.mutateAsync(await file.text());
    } catch (error) {
      setProblem(errorMessage(error, 'The file could not be imported'));
    }
  };

  return (
    <div
      className="grid gap-3 rounded-lg border p-4"
      role="group"
      aria-labelledby="sensitive-import-heading"
    >
      <h3 id="sensitive-import-heading" className="font-semibold">
        Import a list
      </h3>
      <p className="text-sm text-muted-foreground">
        A CSV file with a header row: <code>scientific_name</code> (or <code>taxon_id</code>) and{' '}
        <code>level</code> (obscured or private), and if a rule holds only in an area,{' '}
        <code>area</code> (GeoJSON) and <code>area_name</code>. A name and area already listed take
        the file&apos;s level.
      </p>
      <div>
        <Button
          asChild
          variant="outline"
          className="cursor-pointer has-[:disabled]:pointer-events-none has-[:disabled]:opacity-50 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring"
        >
          <label>
            {importRules.isPending ? <Spinner aria-hidden="true" /> : <FileUp />}
            Import CSV
            <input
              type="file"
              accept=".csv,text/csv,text/plain"
              className="sr-only"
              disabled={importRules.isPending}
              onChange={(event) => void importFile(event)}
            />
          </label>
        </Button>
      </div>
      {problem && (
        <p className="text-sm text-destructive" role="alert">
          {problem}
        </p>
      )}
      {result && (
        <div role="status" className="grid gap-2 text-sm">
          <p className="font-medium">
            Added {result.added.toLocaleString()}, changed {result.updated.toLocaleString()},
            unchanged {result.unchanged.toLocaleString()}
          </p>
          {result.refused.length > 0 && (
            <ul className="grid gap-1 text-destructive" aria-label="Lines not imported">
              {result.refused.map(({ line, message }) => (
                <li key={line}>
                  Line {line}: {message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
