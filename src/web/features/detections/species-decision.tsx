import { useId, useRef, useState } from 'react';
import { Check, Paperclip, X } from 'lucide-react';
import { toast } from 'sonner';
import { detectionConfirmSchema, OUTING_DETECTION_TEXTS } from '../../../common/detections';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import {
  clipLine,
  detectionsText,
  hourLabel,
  offsetText,
  percent,
  type SpeciesToConfirm,
} from './detection-format';
import { useClipUploads, type ClipUpload } from './use-clip-uploads';
import { useDecideDetections } from './use-detections';

const countField = detectionConfirmSchema.shape.count;

/**
 * One species heard on the outing: its hours with their best clips, and the person's decision.
 * Confirm makes it a log with the count given and the clip files attached; Reject sets it aside.
 * With several hours, the ones ticked are decided (all of them unless some are unticked).
 */
export function SpeciesDecision({
  outingId,
  species,
  withDay,
}: {
  outingId: string;
  species: SpeciesToConfirm;
  withDay: boolean;
}) {
  const id = useId();
  const decide = useDecideDetections(outingId);
  const clips = useClipUploads();
  const picker = useRef<HTMLInputElement>(null);
  const [count, setCount] = useState('1');
  const [countError, setCountError] = useState<string>();
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const [problem, setProblem] = useState<string>();
  const { speciesKey, commonName } = species;

  const ticked = species.hours.filter(({ hour }) => !unticked.has(hour)).map(({ hour }) => hour);
  const hours = ticked.length < species.hours.length ? { hours: ticked } : {};
  const pending = decide.isPending;

  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.status === 409) {
      toast.error(OUTING_DETECTION_TEXTS.alreadyDecided); // the list is read again
    }
    setProblem(errorMessage(error, `${commonName} could not be saved. Check your connection.`));
  };

  const confirm = () => {
    const checked = countField.safeParse(Number(count.trim() || Number.NaN));
    if (!checked.success) {
      setCountError(checked.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    const recordings =
      clips.objectPaths.length > 0 ? { uploadedRecordingUrls: clips.objectPaths } : {};
    // mutateAsync: its reply comes after the list is read again, which may have taken this
    // species off it (a mutate's own callbacks would then never run, and say nothing)
    decide
      .mutateAsync({
        action: 'confirm',
        choice: { speciesKey, count: checked.data, ...hours, ...recordings },
      })
      .then(() => {
        clips.clear();
        toast.success(`${commonName} confirmed and logged`);
      }, failed);
  };
  const reject = () => {
    setProblem(undefined);
    decide
      .mutateAsync({ action: 'reject', choice: { speciesKey, ...hours } })
      .then(() => toast.success(`${commonName} rejected`), failed);
  };

  const toggle = (hour: string, on: boolean) =>
    setUnticked((old) => {
      const next = new Set(old);
      if (on) next.delete(hour);
      else next.add(hour);
      return next;
    });

  return (
    <li
      className="grid gap-3 rounded-md border p-3"
      aria-labelledby={`${id}-name`}
      data-testid="species-to-confirm"
    >
      <div className="grid gap-0.5">
        <h3 id={`${id}-name`} className="font-semibold break-words">
          {commonName}{' '}
          {species.scientificName && (
            <span className="text-sm font-normal text-muted-foreground italic">
              {species.scientificName}
            </span>
          )}
        </h3>
        {species.hours.length > 1 && (
          <p className="text-sm text-muted-foreground">
            {detectionsText(species.detections)} · best {percent(species.bestConfidence)}
          </p>
        )}
      </div>
      <ul className="grid gap-2" aria-label={`Hours of ${commonName}`}>
        {species.hours.map((group) => {
          const label = hourLabel(group.hour, withDay);
          const line = `${detectionsText(group.detections)} · best ${percent(group.bestConfidence)}`;
          return (
            <li key={group.hour} className="grid gap-1 text-sm">
              {species.hours.length > 1 ? (
                <Label className="flex items-center gap-2 font-normal">
                  <Checkbox
                    checked={!unticked.has(group.hour)}
                    disabled={pending}
                    onCheckedChange={(on) => toggle(group.hour, on === true)}
                  />
                  <span>
                    <span className="font-medium">{label}</span> · {line}
                  </span>
                </Label>
              ) : (
                <p>
                  <span className="font-medium">{label}</span> · {line}
                </p>
              )}
              <ul className="grid gap-0.5 pl-6 text-muted-foreground tabular-nums">
                {group.clips.map((clip) => (
                  <li key={clip.detectedAt + clip.confidence} className="break-words">
                    {clipLine(clip)}
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
      {clips.uploads.length > 0 && (
        <ul className="grid gap-1 text-sm" aria-label={`Clips for ${commonName}`}>
          {clips.uploads.map((upload) => (
            <ClipRow key={upload.id} upload={upload} onRemove={() => clips.remove(upload.id)} />
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-count`} className={countError ? 'text-destructive' : undefined}>
            Count
          </Label>
          <Input
            id={`${id}-count`}
            inputMode="numeric"
            className="w-24"
            value={count}
            disabled={pending}
            aria-invalid={countError !== undefined}
            onChange={(event) => {
              setCount(event.target.value);
              setCountError(undefined);
            }}
          />
        </div>
        <input
          ref={picker}
          type="file"
          accept="audio/*,.wav,.flac,.mp3,.m4a,.ogg"
          multiple
          hidden
          aria-label={`Clip files for ${commonName}`}
          onChange={(event) => {
            clips.add([...(event.target.files ?? [])]);
            event.target.value = ''; // the same file may be picked again after a removal
          }}
        />
        <Button
          type="button"
          variant="outline"
          disabled={pending}
          onClick={() => picker.current?.click()}
        >
          <Paperclip />
          Attach Clip…
        </Button>
        <Button
          type="button"
          disabled={pending || clips.uploading || clips.failed || ticked.length === 0}
          onClick={confirm}
        >
          {pending && decide.variables?.action === 'confirm' ? <Spinner /> : <Check />}
          Confirm
        </Button>
        <Button
          type="button"
          variant="destructiveOutline"
          disabled={pending || ticked.length === 0}
          onClick={reject}
        >
          {pending && decide.variables?.action === 'reject' ? <Spinner /> : <X />}
          Reject
        </Button>
      </div>
      {clips.failed && (
        <p className="text-sm text-muted-foreground">
          A clip could not be uploaded: remove it to confirm.
        </p>
      )}
      {(countError ?? problem) && (
        <p className="text-sm text-destructive" role="alert">
          {countError ?? problem}
        </p>
      )}
    </li>
  );
}

function ClipRow({ upload, onRemove }: { upload: ClipUpload; onRemove: () => void }) {
  return (
    <li className="flex min-w-0 items-center gap-2">
      {upload.state === 'uploading' && <Spinner aria-hidden="true" />}
      <span className="min-w-0 flex-1 break-words">
        <span className="font-medium">{upload.name}</span>
        {upload.state === 'uploading' && ' · Uploading…'}
        {upload.state === 'uploaded' &&
          ` · uploaded${upload.durationSeconds === undefined ? '' : `, ${offsetText(upload.durationSeconds)}`}`}
        {upload.state === 'failed' && (
          <span className="block text-destructive">{upload.error}</span>
        )}
      </span>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={`Remove ${upload.name}`}
        onClick={onRemove}
      >
        <X />
      </Button>
    </li>
  );
}
