import { useQuery } from '@tanstack/react-query';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { LogWriteInput, LogWritePayload } from '../../../../common/logs/schemas';
import { LocationPrivacyFields } from '@/components/location-privacy/privacy-fields';
import type { ShownPlace } from '@/components/location-privacy/location-shown';
import { FormControl, FormDescription, FormField, FormItem, FormLabel } from '@/components/ui/form';
import { Switch } from '@/components/ui/switch';
import { accountQuery } from '@/features/account';

type LogFormApi = UseFormReturn<LogWriteInput, unknown, LogWritePayload>;

/**
 * The log's location privacy and embargo (issue 35). A new log shows the account's default but
 * sends no level unless one is chosen: the server applies the default, known or not here.
 * `shown` is the saved log's: why others see it as they do, when the owner's level is not why.
 */
export function PrivacyField({ form, shown }: { form: LogFormApi; shown?: ShownPlace }) {
  const [chosen, embargoUntil] = useWatch({
    control: form.control,
    name: ['locationPrivacy', 'locationEmbargoUntil'],
  });
  const accountDefault = useQuery(accountQuery).data?.locationPrivacy;
  const level = chosen ?? accountDefault;
  const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
  return (
    <LocationPrivacyFields
      level={level}
      onLevelChange={(next) => form.setValue('locationPrivacy', next, options)}
      embargoUntil={embargoUntil ?? null}
      onEmbargoChange={(day) => form.setValue('locationEmbargoUntil', day, options)}
      embargoError={form.formState.errors.locationEmbargoUntil?.message}
      shown={shown}
    >
      {/* rounding or not is for an open place only: obscured and private ones show less */}
      {(level === undefined || level === 'open') && <ExactLocationField form={form} />}
    </LocationPrivacyFields>
  );
}

function ExactLocationField({ form }: { form: LogFormApi }) {
  return (
    <FormField
      control={form.control}
      name="showExactLocation"
      render={({ field }) => (
        <FormItem className="flex items-center justify-between gap-4">
          <div className="grid grid-cols-1 gap-1">
            <FormLabel>Show exact location publicly</FormLabel>
            <FormDescription>
              When off, the shared page rounds the location to about 1 km.
            </FormDescription>
          </div>
          <FormControl>
            <Switch checked={field.value ?? false} onCheckedChange={field.onChange} />
          </FormControl>
        </FormItem>
      )}
    />
  );
}
