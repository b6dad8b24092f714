import { useEffect } from 'react';
import { useFormContext, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH } from '../../../common/auth/schemas';
import { TextField } from '@/components/text-field';
import { loadPasswordEstimator } from './password-strength';

/**
 * A new password's input. Its strength is checked as soon as the field is left, and again as
 * it is typed while refused, not only on submit (issue 31); the form's resolver should come
 * through withPasswordEstimator.
 */
export function NewPasswordField<T extends FieldValues>({
  control,
  name,
  label,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
}) {
  const { getFieldState, getValues, trigger } = useFormContext<T>();
  useEffect(() => {
    void loadPasswordEstimator();
  }, []);

  return (
    <TextField
      control={control}
      name={name}
      label={label}
      type="password"
      autoComplete="new-password"
      description={`At least ${PASSWORD_MIN_LENGTH} characters, and hard to guess: a few words together work well.`}
      onBlur={() => {
        if (getValues(name)) void trigger(name);
      }}
      onChange={() => {
        if (getFieldState(name).error) void trigger(name);
      }}
    />
  );
}
