import { useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { LogWriteInput, LogWritePayload } from '../../../../common/logs/schemas';
import { Checkbox } from '@/components/ui/checkbox';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { browserTimeZone, differsFromViewer, zoneAbbreviation } from '@/lib/log-dates';
import { readingZone } from './form-values';
import { formInstant } from './place-zone';

type LogFormApi = UseFormReturn<LogWriteInput, unknown, LogWritePayload>;

/**
 * Date & Time (SPEC §2), at the clock of the log's zone, which a hint names when it is not the
 * browser's; 'Time not recorded' makes it a date alone (stored at noon of that day).
 */
export function ObservedTimeField({ form }: { form: LogFormApi }) {
  const checkboxId = useId();
  const [observedAt, timeZone, timeKnown] = useWatch({
    control: form.control,
    name: ['observedAt', 'timeZone', 'timeKnown'],
  });
  const dateOnly = timeKnown === false;
  const zone = readingZone({ timeZone, timeKnown });
  const instant = formInstant(observedAt, zone);
  const elsewhere = !dateOnly && instant && differsFromViewer(instant, zone);

  // A log kept without a zone (from before zones) gets the browser's once its time is changed:
  // the time typed is the browser's clock.
  const recordZone = () => {
    if (!form.getValues('timeZone')) {
      form.setValue('timeZone', browserTimeZone() ?? null, { shouldDirty: true });
    }
  };

  return (
    <div className="grid grid-cols-1 gap-2">
      <FormField
        control={form.control}
        name="observedAt"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Date & Time</FormLabel>
            <FormControl>
              {dateOnly ? (
                <Input
                  type="date"
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  value={field.value.slice(0, 10)}
                  onChange={(event) => {
                    recordZone();
                    // the time typed before stays behind the date, should the box be unticked
                    const time = field.value.slice(11, 16) || '12:00';
                    field.onChange(event.target.value ? `${event.target.value}T${time}` : '');
                  }}
                />
              ) : (
                <Input
                  type="datetime-local"
                  {...field}
                  onChange={(event) => {
                    recordZone();
                    field.onChange(event);
                  }}
                />
              )}
            </FormControl>
            {elsewhere && (
              <FormDescription>
                Time at the place: {zone} ({zoneAbbreviation(instant, zone)})
              </FormDescription>
            )}
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={form.control}
        name="timeKnown"
        render={({ field }) => (
          <div className="flex items-center gap-2">
            <Checkbox
              id={checkboxId}
              checked={field.value === false}
              onCheckedChange={(checked) => {
                recordZone();
                field.onChange(checked !== true);
              }}
            />
            <Label htmlFor={checkboxId} className="font-normal">
              Time not recorded
            </Label>
          </div>
        )}
      />
    </div>
  );
}
