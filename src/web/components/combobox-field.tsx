import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { Combobox } from '@/components/combobox';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';

interface ComboboxFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  options: string[];
  /** Runs after the field takes a value, e.g. to fill a related field. */
  onPick?: (value: string) => void;
}

/** A labelled combobox bound to a react-hook-form field, with its error message. */
export function ComboboxField<T extends FieldValues>({
  control,
  name,
  label,
  options,
  onPick,
}: ComboboxFieldProps<T>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Combobox
              value={typeof field.value === 'string' ? field.value : ''}
              options={options}
              onBlur={field.onBlur}
              onChange={(value) => {
                field.onChange(value);
                onPick?.(value);
              }}
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
