import { useState, type FormEvent } from 'react';
import { AudioLines } from 'lucide-react';
import {
  DEFAULT_MIN_CONFIDENCE,
  DETECTION_TEXTS,
  type DetectionFormatName,
  type DetectionImportResult,
} from '../../../common/detections';
import { Field } from '@/components/field';
import { NeedsConnection } from '@/components/needs-connection';
import { Alert, AlertTitle } from '@/components/ui/alert';
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
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { browserTimeZone } from '@/lib/log-dates';
import {
  MinConfidenceField,
  RecordingStartField,
  StationFields,
  type ChoiceErrors,
} from './import-fields';
import { ImportReport } from './import-report';
import { useImportDetections, type DetectionImportChoices } from './use-detections';

const initialChoices = (): DetectionImportChoices => ({
  minConfidence: String(DEFAULT_MIN_CONFIDENCE),
  recordingStart: '',
  latitude: '',
  longitude: '',
  timeZone: browserTimeZone() ?? '',
});

/** BirdNET-Pi's rows carry the station's position; the other programs' files do not. */
const namesNoPosition = (format: DetectionFormatName | null) =>
  format !== null && format !== 'birdnet-pi';

/** The field a refusal is about, when it names one the dialog has. */
function errorsOf(error: unknown): ChoiceErrors | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  if (error.body.message === DETECTION_TEXTS.unknownStart) {
    return { recordingStart: error.body.message };
  }
  const found: ChoiceErrors = {};
  for (const { path, message } of error.body.issues ?? []) {
    const field = String(path[path.length - 1]) as keyof ChoiceErrors;
    if (field in initialChoices()) found[field] ??= message;
  }
  return Object.keys(found).length > 0 ? found : undefined;
}

/**
 * Issue 37: a BirdNET file in, as detections to confirm. A dry run says what the import would do
 * (the outings by local date, the rows left out), then Import does it. With `outingId` the
 * detections go on that outing; else on one outing per station and local day.
 */
export function ImportDetectionsDialog({ outingId }: { outingId?: string }) {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [choices, setChoices] = useState(initialChoices);
  /** The file's program, from the server's last answer about it. */
  const [format, setFormat] = useState<DetectionFormatName | null>(null);
  const [preview, setPreview] = useState<DetectionImportResult | null>(null);
  const [done, setDone] = useState<DetectionImportResult | null>(null);
  const [errors, setErrors] = useState<ChoiceErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  /** The file's rows need the recording's start: its field stays until the file changes. */
  const [startAsked, setStartAsked] = useState(false);
  const importDetections = useImportDetections();
  const busy = importDetections.isPending;

  const stationShown = !outingId && namesNoPosition(format);
  const missingStart = preview?.rejected.some(
    ({ reason }) => reason === DETECTION_TEXTS.unknownStart,
  )
    ? DETECTION_TEXTS.unknownStart
    : undefined;
  const startShown = format?.startsWith('birdnet-analyzer') || startAsked;

  const openChange = (next: boolean) => {
    if (busy) return; // a file on its way: the dialog stays until it is done
    setOpen(next);
    if (next) return;
    // closed: the next import starts afresh, as the file field does
    setFile(null);
    setChoices(initialChoices());
    setFormat(null);
    setStartAsked(false);
    setPreview(null);
    setDone(null);
    setErrors({});
    setProblem(null);
  };

  /** A change of the file or an option: the last answer no longer holds. */
  const changed = () => {
    setPreview(null);
    setDone(null);
    setProblem(null);
  };
  const change = (patch: Partial<DetectionImportChoices>) => {
    setChoices((old) => ({ ...old, ...patch }));
    setErrors((old) => {
      const next = { ...old };
      for (const key of Object.keys(patch)) delete next[key as keyof ChoiceErrors];
      return next;
    });
    changed();
  };

  /** The options sent: the station's only where the dialog shows them (`station`). */
  const optionsOf = (station: boolean): DetectionImportChoices => ({
    ...choices,
    ...(station ? {} : { latitude: '', longitude: '', timeZone: '' }),
    ...(outingId ? { outingId } : {}),
  });

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setErrors({});
    setProblem(null);
    try {
      let result = await importDetections.mutateAsync({
        file,
        choices: optionsOf(stationShown),
        dryRun,
      });
      setFormat(result.format);
      // the first answer named a program whose files have no position: ask again with the zone
      const station = optionsOf(true);
      const stationGiven = station.latitude || station.longitude || station.timeZone;
      if (dryRun && !stationShown && !outingId && stationGiven && namesNoPosition(result.format)) {
        result = await importDetections.mutateAsync({ file, choices: station, dryRun });
      }
      if (result.rejected.some(({ reason }) => reason === DETECTION_TEXTS.unknownStart)) {
        setStartAsked(true);
      }
      if (dryRun) setPreview(result);
      else {
        setPreview(null);
        setDone(result);
      }
    } catch (error) {
      const fieldErrors = errorsOf(error);
      if (fieldErrors?.recordingStart) setStartAsked(true);
      if (fieldErrors) setErrors(fieldErrors);
      else setProblem(errorMessage(error, 'The file could not be read. Check your connection.'));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (done) openChange(false);
    else void send(preview === null);
  };

  const fieldsProps = { choices, errors, disabled: busy, onChange: change };
  const report = preview ?? done;
  return (
    <Dialog open={open} onOpenChange={openChange}>
      <NeedsConnection>
        <DialogTrigger asChild>
          <Button variant="outline">
            <AudioLines />
            Import Detections
          </Button>
        </DialogTrigger>
      </NeedsConnection>
      <DialogContent>
        <form onSubmit={submit} className="grid min-w-0 gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Import Detections</DialogTitle>
            <DialogDescription>
              {outingId
                ? 'BirdNET detections for this outing, to confirm or reject by species.'
                : 'BirdNET detections become outings, one per station and day, to confirm or reject by species.'}{' '}
              BirdDB.txt from BirdNET-Pi, a BirdNET-Go CSV, or a BirdNET-Analyzer selection table or
              CSV. The file is checked first: nothing is imported until you confirm.
            </DialogDescription>
          </DialogHeader>
          <Field id="detections-file" label="Detection file">
            <Input
              id="detections-file"
              type="file"
              accept=".txt,.csv,.tsv,text/plain,text/csv,text/tab-separated-values"
              disabled={busy}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setFormat(null);
                setStartAsked(false);
                changed();
              }}
            />
          </Field>
          <MinConfidenceField {...fieldsProps} />
          {startShown && <RecordingStartField {...fieldsProps} missing={missingStart} />}
          {stationShown && <StationFields {...fieldsProps} />}
          {busy && (
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner aria-hidden="true" />
              {preview ? 'Importing…' : 'Checking…'}
            </p>
          )}
          {report && !busy && (
            <ImportReport
              result={report}
              dryRun={preview !== null}
              currentOutingId={outingId}
              onOpen={() => openChange(false)}
            />
          )}
          {problem && (
            <Alert variant="destructive">
              <AlertTitle className="line-clamp-none break-words">{problem}</AlertTitle>
            </Alert>
          )}
          <DialogFooter>
            {!done && (
              <Button
                type="button"
                variant="outline"
                disabled={busy}
                onClick={() => openChange(false)}
              >
                Cancel
              </Button>
            )}
            <Button type="submit" disabled={!file || busy || preview?.kept === 0}>
              {busy && <Spinner aria-hidden="true" />}
              {done ? 'Done' : preview ? 'Import' : 'Check File'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
