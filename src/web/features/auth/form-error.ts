import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

/**
 * Puts a failed sign-in or sign-up into the form: issues on known fields go under their
 * inputs, anything else into the form's alert (`root.server`).
 */
export function showServerError<T extends FieldValues, R extends FieldValues>(
  form: UseFormReturn<T, unknown, R>,
  fields: readonly Path<T>[],
  error: unknown,
) {
  if (!(error instanceof ApiError)) {
    form.setError('root.server', {
      message: error instanceof Error ? error.message : String(error),
    });
    return;
  }
  let placed = false;
  for (const issue of error.body.issues ?? []) {
    const field = fields.find((name) => name === issue.path[0]);
    if (!field) continue;
    form.setError(field, { message: issue.message });
    placed = true;
  }
  if (!placed) form.setError('root.server', { message: error.body.message });
}
