import { DEFAULT_MIN_CONFIDENCE } from '../../../common/detections';
import { Field } from '@/components/field';
import { Input } from '@/components/ui/input';
import type { DetectionImportChoices } from './use-detections';

export type ChoiceErrors = Partial<Record<keyof DetectionImportChoices, string>>;

interface FieldsProps {
  choices: DetectionImportChoices;
  errors: ChoiceErrors;
  disabled: boolean;
  onChange: (patch: Partial<DetectionImportChoices>) => void;
}

export function MinConfidenceField({ choices, errors, disabled, onChange }: FieldsProps) {
  return (
    <Field
      id="detections-min-confidence"
      label="Minimum confidence"
      error={errors.minConfidence}
      hint="Detections below it are left out."
    >
      <div className="flex items-center gap-3">
        <input
          type="range"
          min={0.1}
          max={1}
          step={0.05}
          value={Number(choices.minConfidence) || DEFAULT_MIN_CONFIDENCE}
          disabled={disabled}
          aria-label="Minimum confidence, slider"
          className="min-w-0 flex-1 accent-primary"
          onChange={(event) => onChange({ minConfidence: event.target.value })}
        />
        <Input
          id="detections-min-confidence"
          inputMode="decimal"
          className="w-24"
          value={choices.minConfidence}
          disabled={disabled}
          onChange={(event) => onChange({ minConfidence: event.target.value })}
        />
      </div>
    </Field>
  );
}

/** When the recording began: for results counted in seconds from a start nobody wrote down. */
export function RecordingStartField({
  choices,
  errors,
  disabled,
  onChange,
  missing,
}: FieldsProps & { missing: string | undefined }) {
  return (
    <Field
      id="detections-recording-start"
      label="Recording start (optional)"
      error={errors.recordingStart ?? missing}
      hint="When the recording began, local time. The file's times are seconds into it; a file name like 20240501_053000.wav says it already."
    >
      <Input
        id="detections-recording-start"
        type="datetime-local"
        step={1}
        value={choices.recordingStart}
        disabled={disabled}
        onChange={(event) => onChange({ recordingStart: event.target.value })}
      />
    </Field>
  );
}

/** Where the recorder stood and its time zone, for a file that names no position. */
export function StationFields({ choices, errors, disabled, onChange }: FieldsProps) {
  return (
    <fieldset className="grid min-w-0 gap-3" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium">Station (optional)</legend>
      <p className="text-sm text-muted-foreground">
        The file names no position: where the recorder stood puts the outing on the map, and its
        time zone reads the file&apos;s times (UTC without one).
      </p>
      <div className="grid grid-cols-2 gap-3">
        <Field id="detections-latitude" label="Latitude" error={errors.latitude}>
          <Input
            id="detections-latitude"
            inputMode="decimal"
            placeholder="47.8555"
            value={choices.latitude}
            onChange={(event) => onChange({ latitude: event.target.value })}
          />
        </Field>
        <Field id="detections-longitude" label="Longitude" error={errors.longitude}>
          <Input
            id="detections-longitude"
            inputMode="decimal"
            placeholder="12.3439"
            value={choices.longitude}
            onChange={(event) => onChange({ longitude: event.target.value })}
          />
        </Field>
      </div>
      <Field id="detections-time-zone" label="Time zone" error={errors.timeZone}>
        <Input
          id="detections-time-zone"
          list="detections-time-zones"
          placeholder="Europe/Berlin"
          value={choices.timeZone}
          onChange={(event) => onChange({ timeZone: event.target.value })}
        />
      </Field>
      <datalist id="detections-time-zones">
        {Intl.supportedValuesOf('timeZone').map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </fieldset>
  );
}
