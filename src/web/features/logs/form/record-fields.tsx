import type { UseFormReturn } from 'react-hook-form';
import { BREEDING_CODES, breedingCategories } from '../../../../common/logs/breeding-codes';
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
import {
  NativeSelect,
  NativeSelectOptGroup,
  NativeSelectOption,
} from '@/components/ui/native-select';

// The form's fields of what a record says besides the sighting (issue 32): eBird's breeding
// code and whether it was captive or cultivated. The rest a source brought (the place
// hierarchy, media and source links) the form keeps as they are, unseen.

type LogFormApi = UseFormReturn<LogWriteInput, unknown, LogWritePayload>;

export function RecordFields({ form }: { form: LogFormApi }) {
  return (
    <div className="grid grid-cols-1 items-start gap-5 sm:grid-cols-2">
      <FormField
        control={form.control}
        name="breedingCode"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Breeding code</FormLabel>
            <FormControl>
              <NativeSelect
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={typeof field.value === 'string' ? field.value.toUpperCase() : ''}
                onChange={(event) => field.onChange(event.target.value || null)}
              >
                <NativeSelectOption value="">None</NativeSelectOption>
                {breedingCategories.map((category) => (
                  <NativeSelectOptGroup key={category} label={category}>
                    {BREEDING_CODES.filter((entry) => entry.category === category).map((entry) => (
                      <NativeSelectOption key={entry.code} value={entry.code}>
                        {entry.code} · {entry.meaning}
                      </NativeSelectOption>
                    ))}
                  </NativeSelectOptGroup>
                ))}
              </NativeSelect>
            </FormControl>
            <FormDescription>eBird&apos;s breeding and behavior codes</FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={form.control}
        name="captive"
        render={({ field }) => (
          <FormItem className="flex flex-row items-start gap-3 rounded-lg border p-4 sm:mt-6">
            <FormControl>
              <Checkbox
                checked={field.value === true}
                onCheckedChange={(checked) => field.onChange(checked === true)}
              />
            </FormControl>
            <div className="grid gap-1">
              <FormLabel>Captive / cultivated</FormLabel>
              <FormDescription>Left off your life lists unless you include them</FormDescription>
            </div>
          </FormItem>
        )}
      />
    </div>
  );
}
