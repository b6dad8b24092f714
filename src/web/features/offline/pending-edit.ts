import { parseIsoDateTime } from '../../../common/dates';
import { logWriteSchema, type Log, type LogWriteInput } from '../../../common/logs/schemas';

/** The log as an edit queued offline will leave it, for the details page until it is sent. */
export function withPendingEdit(log: Log, input: LogWriteInput): Log {
  const edit = logWriteSchema.safeParse(input);
  if (!edit.success) return log;
  const values = edit.data;
  return {
    ...log,
    speciesCommon: values.speciesCommon,
    speciesScientific: values.speciesScientific,
    count: values.count,
    observedAt: parseIsoDateTime(values.observedAt)?.toISOString() ?? log.observedAt,
    placeName: values.placeName,
    latitude: values.latitude,
    longitude: values.longitude,
    description: values.description,
    notes: values.notes,
    isPublic: values.isPublic ?? log.isPublic,
  };
}
