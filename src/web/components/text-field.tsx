import type { ComponentProps, ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';

type TextFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  description?: ReactNode;
} & Omit<ComponentProps<typeof Input>, 'name' | 'value' | 'ref'>;

/**
 * A labelled input bound to a react-hook-form field, with its hint and its error message.
 * `onBlur` and `onChange` run after the field's own.
 */
export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  onBlur,
  onChange,
  ...inputProps
}: TextFieldProps<T>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input
              {...inputProps}
              {...field}
              onBlur={(event) => {
                field.onBlur();
                onBlur?.(event);
              }}
              onChange={(event) => {
                field.onChange(event);
                onChange?.(event);
              }}
            />
          </FormControl>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
