import { Upload, X } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import {
  LOG_LIMITS,
  type LogRecording,
  type LogWriteInput,
  type LogWritePayload,
} from '../../../../common/logs/schemas';
import { spectrogramUrl } from '../../../../common/recordings';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import {
  formatDuration,
  RECORDING_FILE_ACCEPT,
  RecordButton,
  RecorderNotice,
  recordingUploadMessage,
  uploadRecording,
  useRecorder,
  type MadeRecording,
} from '@/features/recordings';

// The log's sound recordings (issue 37), beside its photos: recorded here or uploaded, each sent
// at once (the server checks it and draws its spectrogram), kept in the form as object paths.

type LogFormApi = UseFormReturn<LogWriteInput, unknown, LogWritePayload>;

/** What the list shows of a recording: its file's name when it came as a file. */
interface Shown {
  name?: string;
  durationSeconds?: number;
}

interface Sending {
  key: string;
  name?: string;
  controller: AbortController;
}

interface RecordingsFieldProps {
  form: LogFormApi;
  /** The log's recordings (an edit): their lengths, for the list. */
  existing?: LogRecording[];
  /** Offline: recordings need the server to be checked. */
  online: boolean;
  /** Recording or sending: the log waits for them before it is saved. */
  onBusyChange: (busy: boolean) => void;
}

const MAX = LOG_LIMITS.recordingsPerLog;

export function RecordingsField({
  form,
  existing = [],
  online,
  onBusyChange,
}: RecordingsFieldProps) {
  const paths = useWatch({ control: form.control, name: 'uploadedRecordingUrls' }) ?? [];
  const [shown, setShown] = useState<Map<string, Shown>>(
    () => new Map(existing.map((one) => [one.url, { durationSeconds: one.durationSeconds }])),
  );
  const [sending, setSending] = useState<Sending[]>([]);
  const [refusal, setRefusal] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  const labelId = useId();

  const send = useCallback(
    async (blob: Blob, name?: string) => {
      const key = crypto.randomUUID();
      const controller = new AbortController();
      setRefusal(undefined);
      setSending((list) => [...list, { key, name, controller }]);
      try {
        const reply = await uploadRecording(blob, controller.signal);
        const { objectPath, durationSeconds } = reply;
        setShown((map) => new Map(map).set(objectPath, { name, durationSeconds }));
        const current = form.getValues('uploadedRecordingUrls') ?? [];
        form.setValue('uploadedRecordingUrls', [...current, objectPath], { shouldDirty: true });
      } catch (error) {
        if (controller.signal.aborted) return; // removed while it was sent
        const what = name ?? 'the recording';
        setRefusal(`Could not add ${what}. ${recordingUploadMessage(error)}`);
      } finally {
        setSending((list) => list.filter((one) => one.key !== key));
      }
    },
    [form],
  );
  const recorder = useRecorder(({ blob }: MadeRecording) => void send(blob));

  const busy = sending.length > 0 || recorder.status !== 'idle';
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  const full = paths.length + sending.length >= MAX;
  const remove = (path: string) =>
    form.setValue(
      'uploadedRecordingUrls',
      paths.filter((other) => other !== path),
      { shouldDirty: true },
    );

  return (
    <div className="grid grid-cols-1 gap-2" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="text-sm leading-none font-medium">
        Sound Recordings
      </span>
      {!online && (
        <p className="text-sm text-muted-foreground" role="status">
          Recordings need a connection: you can save this log offline and add recordings later.
        </p>
      )}
      {(paths.length > 0 || sending.length > 0) && (
        <ul className="grid grid-cols-1 gap-2" aria-label="Sound recordings">
          {paths.map((path) => {
            const { name, durationSeconds } = shown.get(path) ?? {};
            const title = recordingTitle(name, durationSeconds);
            return (
              <RecordingItem
                key={path}
                title={title}
                detail={
                  name && durationSeconds !== undefined ? formatDuration(durationSeconds) : ''
                }
                spectrogram={spectrogramUrl(path)}
                onRemove={() => remove(path)}
              />
            );
          })}
          {sending.map(({ key, name, controller }) => (
            <RecordingItem
              key={key}
              title={name ?? 'New recording'}
              detail="Uploading…"
              onRemove={() => controller.abort()}
            />
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        <RecordButton
          recorder={recorder}
          disabled={!online || (full && recorder.status === 'idle')}
        />
        <Button
          type="button"
          variant="outline"
          disabled={!online || full}
          onClick={() => fileInput.current?.click()}
        >
          <Upload />
          Upload Recording
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept={RECORDING_FILE_ACCEPT}
          multiple
          hidden
          aria-label="Recording files"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])].slice(0, MAX - paths.length);
            event.target.value = ''; // the same file may be picked again
            for (const file of files) void send(file, file.name);
          }}
        />
      </div>
      {full && (
        <p className="text-sm text-muted-foreground">A log can have at most {MAX} recordings.</p>
      )}
      <RecorderNotice recorder={recorder} />
      {refusal && (
        <p className="text-sm text-destructive" role="alert">
          {refusal}
        </p>
      )}
    </div>
  );
}

/** A file keeps its name; a recording made here, or one the log had, is named by its length. */
const recordingTitle = (name: string | undefined, durationSeconds: number | undefined) =>
  name ??
  (durationSeconds === undefined ? 'Recording' : `Recording ${formatDuration(durationSeconds)}`);

interface RecordingItemProps {
  title: string;
  detail: string;
  /** Its spectrogram, once the server has drawn it. */
  spectrogram?: string;
  onRemove: () => void;
}

function RecordingItem({ title, detail, spectrogram, onRemove }: RecordingItemProps) {
  return (
    <li className="flex items-center gap-3 rounded-md border p-3" data-testid="form-recording">
      <div className="grid h-11 w-24 shrink-0 place-items-center overflow-hidden rounded bg-muted">
        {spectrogram ? (
          <img src={spectrogram} alt="" loading="lazy" className="size-full object-cover" />
        ) : (
          <Spinner aria-hidden="true" />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{title}</p>
        {detail && <p className="text-sm text-muted-foreground tabular-nums">{detail}</p>}
      </div>
      <Button
        type="button"
        variant="ghost"
        className="size-12 shrink-0"
        aria-label={`Remove ${title}`}
        onClick={onRemove}
      >
        <X />
      </Button>
    </li>
  );
}
