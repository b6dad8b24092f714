import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { CountKind } from '../../../../common/logs/count';
import type { LogWriteInput, LogWritePayload } from '../../../../common/logs/schemas';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';

type LogFormApi = UseFormReturn<LogWriteInput, unknown, LogWritePayload>;

const kindLabels: Record<CountKind, string> = {
  counted: 'Counted',
  present: 'Present, not counted (X)',
  evidence: 'Evidence only (0)',
};

/** The count each kind keeps: a count of individuals starts again at SPEC §9's default, 1. */
const countFor = (kind: CountKind, count: number | null | undefined) =>
  kind === 'present' ? null : kind === 'evidence' ? 0 : count ? count : 1;

/**
 * Count (SPEC §2: required, at least 1, default 1) and beside it what it counts (issue 32): an
 * X (present, not counted) or a 0 (evidence only) imported from eBird keeps its kind when edited,
 * and has no number to type.
 */
export function CountField({ form }: { form: LogFormApi }) {
  const kind = useWatch({ control: form.control, name: 'countKind' }) ?? 'counted';
  const counted = kind === 'counted';
  const kindSelect = (
    <NativeSelect
      aria-label={counted ? 'Recorded as' : undefined}
      // beside a number it shows 'Counted' alone: the number keeps the room
      className={counted ? 'w-32 shrink-0' : 'w-full'}
      value={kind}
      onChange={(event) => {
        const next = event.target.value as CountKind;
        const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
        form.setValue('countKind', next, options);
        form.setValue('count', countFor(next, form.getValues('count')), options);
      }}
    >
      {Object.entries(kindLabels).map(([value, label]) => (
        <NativeSelectOption key={value} value={value}>
          {label}
        </NativeSelectOption>
      ))}
    </NativeSelect>
  );
  return (
    <FormField
      control={form.control}
      name="count"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Count</FormLabel>
          {/* the label names the number, or the choice when there is no number to type */}
          <div className="flex gap-2">
            {counted ? (
              <>
                <FormControl>
                  <Input
                    type="number"
                    min={1}
                    step={1}
                    className="min-w-0 flex-1"
                    name={field.name}
                    ref={field.ref}
                    onBlur={field.onBlur}
                    value={field.value == null || Number.isNaN(field.value) ? '' : field.value}
                    onChange={(event) => field.onChange(event.target.valueAsNumber)}
                  />
                </FormControl>
                {kindSelect}
              </>
            ) : (
              <FormControl>{kindSelect}</FormControl>
            )}
          </div>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
