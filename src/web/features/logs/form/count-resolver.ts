import { zodResolver } from '@hookform/resolvers/zod';
import { logWriteSchema } from '../../../../common/logs/schemas';

/** SPEC §5: the form says this for an empty, zero, negative or fractional count. */
export const COUNT_MESSAGE = 'Count must be at least 1';

const isCount = (value: unknown) => Number.isInteger(value) && (value as number) >= 1;

const resolveWithApiSchema = zodResolver(logWriteSchema);

/**
 * The API's own schema checks the form; only the count speaks the form's one sentence (the API
 * says 'a number', 'a whole number' or 'at least 1', which an import report needs apart).
 */
export const logFormResolver: typeof resolveWithApiSchema = async (values, context, options) => {
  const result = await resolveWithApiSchema(values, context, options);
  const count = result.errors.count;
  // an X or a 0 (issue 32) has no number to type: its own message stands
  const counted = (values.countKind ?? 'counted') === 'counted';
  if (count && counted && !isCount(values.count)) count.message = COUNT_MESSAGE; // a fresh object per check
  return result;
};
