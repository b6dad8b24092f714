import { Link } from 'wouter';
import {
  DETECTION_FORMAT_LABELS,
  DETECTIONS_MAX_LISTED,
  type DetectionImportResult,
} from '../../../common/detections';
import { outingPath } from '../../../common/routes';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { detectionsText, formatDate, groupsText, importFigures } from './detection-format';

/**
 * What a dry run found, or what the import did: the file's program, the figures, the rows left
 * out and why, and the outings by local date with the groups each has to confirm. After the
 * import each outing links to its page (`onOpen` closes the dialog on the way).
 */
export function ImportReport({
  result,
  dryRun,
  currentOutingId,
  onOpen,
}: {
  result: DetectionImportResult;
  dryRun: boolean;
  currentOutingId?: string;
  onOpen: () => void;
}) {
  const title = dryRun
    ? `${DETECTION_FORMAT_LABELS[result.format]} file: ${detectionsText(result.kept)} to import`
    : `Imported ${detectionsText(result.kept)}`;
  return (
    <Alert role="status" aria-label={dryRun ? 'What the import would do' : 'What was imported'}>
      <AlertTitle className="line-clamp-none break-words">{title}</AlertTitle>
      <AlertDescription className="grid gap-3">
        <dl className="grid w-full gap-x-4 gap-y-1 sm:grid-cols-2">
          {importFigures(result, dryRun).map(({ label, value }) => (
            <div key={label} className="flex justify-between gap-2">
              <dt>{label}</dt>
              <dd className="font-medium tabular-nums text-foreground">{value}</dd>
            </div>
          ))}
        </dl>
        {dryRun && result.kept === 0 && <p>Nothing new to import.</p>}
        {result.rejectedCount > 0 && (
          <div className="grid w-full gap-1">
            <p className="font-medium text-foreground">Rows left out</p>
            <ul
              className="max-h-64 overflow-y-auto rounded-md border px-3 py-2"
              aria-label="Rows left out"
              tabIndex={0}
            >
              {result.rejected.map(({ line, reason }) => (
                <li key={line} className="break-words">
                  Line {line}: {reason}
                </li>
              ))}
              {result.rejectedCount > result.rejected.length && (
                <li>
                  and {(result.rejectedCount - result.rejected.length).toLocaleString('en')} more
                  (the first {DETECTIONS_MAX_LISTED} are listed)
                </li>
              )}
            </ul>
          </div>
        )}
        {result.outings.length > 0 && (
          <div className="grid gap-1">
            <p className="font-medium text-foreground">
              {result.outings.length === 1 ? 'Outing' : 'Outings'}
            </p>
            <ul className="grid gap-1">
              {result.outings.map((outing) => {
                const line = `${formatDate(outing.date)}${outing.timeZone ? ` (${outing.timeZone})` : ''}: ${groupsText(outing.toConfirm)}`;
                const linked = !dryRun && outing.id && outing.id !== currentOutingId;
                return (
                  <li key={outing.id ?? outing.date} className="break-words">
                    {linked ? (
                      <Link
                        href={outingPath(outing.id!)}
                        onClick={onOpen}
                        className="font-medium text-primary underline-offset-4 hover:underline"
                      >
                        {line}
                      </Link>
                    ) : (
                      <>
                        {line}
                        {dryRun && outing.id === null && ' (a new outing)'}
                      </>
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        )}
      </AlertDescription>
    </Alert>
  );
}
