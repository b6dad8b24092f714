import { Crosshair, X } from 'lucide-react';
import { useState, type Ref } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { LogWriteInput, LogWritePayload } from '../../../common/logs/schemas';
import { Button } from '@/components/ui/button';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import {
  coordinateText,
  isCoordinate,
  parseCoordinate,
  toFormCoordinate,
  toUncertainty,
} from './coordinates';
import { LazyPointMap } from './lazy-point-map';
import { useGeolocation } from './use-geolocation';

type LogFormApi = UseFormReturn<LogWriteInput, unknown, LogWritePayload>;

/**
 * The form's coordinates: typed, found with 'Use my location', or picked on the map. Any code
 * may also set them with `form.setValue('latitude' | 'longitude', n)` (photo EXIF): the
 * inputs and the map follow. Their uncertainty is the device's accuracy with 'Use my location';
 * a point typed or picked has none until the user types one.
 */
export function LocationFields({ form }: { form: LogFormApi }) {
  const [latitude, longitude, uncertainty] = useWatch({
    control: form.control,
    name: ['latitude', 'longitude', 'coordinateUncertainty'],
  });
  const point: [number, number] | null =
    isCoordinate(latitude) && isCoordinate(longitude) ? [latitude, longitude] : null;

  const setPoint = (lat: number | null, lon: number | null, metres: number | null = null) => {
    const options = { shouldDirty: true, shouldTouch: true };
    form.setValue('latitude', lat === null ? null : toFormCoordinate(lat), options);
    form.setValue('longitude', lon === null ? null : toFormCoordinate(lon), options);
    form.setValue('coordinateUncertainty', metres, options);
    if (form.formState.isSubmitted) {
      void form.trigger(['latitude', 'longitude', 'coordinateUncertainty']);
    }
  };
  const geolocation = useGeolocation((found) =>
    setPoint(found.latitude, found.longitude, toUncertainty(found.accuracy)),
  );

  return (
    <fieldset className="grid grid-cols-1 gap-4 rounded-lg border p-4">
      <legend className="px-1 text-sm font-medium">Coordinates</legend>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_1fr_9rem]">
        <CoordinateField form={form} name="latitude" label="Latitude" placeholder="e.g. 51.5073" />
        <CoordinateField
          form={form}
          name="longitude"
          label="Longitude"
          placeholder="e.g. -0.1277"
        />
        <UncertaintyField form={form} disabled={!point} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={geolocation.state.status === 'locating'}
          onClick={geolocation.locate}
        >
          {geolocation.state.status === 'locating' ? (
            <Spinner aria-hidden="true" />
          ) : (
            <Crosshair aria-hidden="true" />
          )}
          Use my location
        </Button>
        {point && (
          <Button type="button" variant="ghost" onClick={() => setPoint(null, null)}>
            <X aria-hidden="true" />
            Clear coordinates
          </Button>
        )}
        <p
          role="status"
          className={
            geolocation.state.status === 'failed'
              ? 'text-sm text-destructive'
              : 'text-sm text-muted-foreground'
          }
        >
          {geolocation.state.message}
        </p>
      </div>
      <LazyPointMap
        className="h-48 sm:h-56"
        point={point}
        uncertainty={point ? uncertainty : null}
        label="Sighting location"
        onPick={(lat, lon) => setPoint(lat, lon)}
      />
    </fieldset>
  );
}

interface CoordinateFieldProps {
  form: LogFormApi;
  name: 'latitude' | 'longitude';
  label: string;
  placeholder: string;
}

function CoordinateField({ form, name, label, placeholder }: CoordinateFieldProps) {
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <CoordinateInput
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              value={field.value}
              onChange={(value) => {
                field.onChange(value);
                // a typed point is not the one the device measured
                form.setValue('coordinateUncertainty', null, { shouldDirty: true });
              }}
              placeholder={placeholder}
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** Plus or minus how many metres: the device's accuracy, or what the user knows of it. */
function UncertaintyField({ form, disabled }: { form: LogFormApi; disabled: boolean }) {
  return (
    <FormField
      control={form.control}
      name="coordinateUncertainty"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Accuracy (m)</FormLabel>
          <div className="relative">
            <span
              className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground"
              aria-hidden="true"
            >
              ±
            </span>
            <FormControl>
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                placeholder="—"
                className="[appearance:textfield] pr-8 pl-7 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
                disabled={disabled}
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={
                  typeof field.value === 'number' && !Number.isNaN(field.value) ? field.value : ''
                }
                onChange={(event) =>
                  field.onChange(event.target.value === '' ? null : event.target.valueAsNumber)
                }
              />
            </FormControl>
            <span
              className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground"
              aria-hidden="true"
            >
              m
            </span>
          </div>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

interface CoordinateInputProps {
  name: string;
  ref: Ref<HTMLInputElement>;
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  onBlur: () => void;
  placeholder: string;
}

/** Decimal degrees as typed ('51,5' and '-0.12' too); a value set from outside replaces the text. */
function CoordinateInput({ value, onChange, ...props }: CoordinateInputProps) {
  const [text, setText] = useState(() => coordinateText(value));
  const [shown, setShown] = useState(value);
  if (!Object.is(value, shown)) {
    // set by the map, the device or a photo: show it, unless it is what the text already says
    setShown(value);
    if (!Object.is(parseCoordinate(text), value ?? null)) setText(coordinateText(value));
  }
  return (
    <Input
      {...props}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      value={text}
      onChange={(event) => {
        const next = parseCoordinate(event.target.value);
        setText(event.target.value);
        setShown(next);
        onChange(next);
      }}
    />
  );
}
