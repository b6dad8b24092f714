import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { TriangleAlert } from 'lucide-react';
import type { LogWriteInput, LogWritePayload } from '../../../../common/logs/schemas';
import { unusualCheckResultSchema, type UnusualCheck } from '../../../../common/unusual-check';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { isCoordinate } from '@/components/map/coordinates';
import { api } from '@/lib/api-client';
import { useOnline } from '@/lib/use-online';
import { formInstant } from './place-zone';

type LogFormApi = UseFormReturn<LogWriteInput, unknown, LogWritePayload>;

/** How long the form rests before it asks: typing a name asks once, not per key. */
const REST_MS = 500;

/** `value` once it has not changed for `ms`. */
function useRested<T>(value: T, ms: number): T {
  const [rested, setRested] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setRested(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return rested;
}

/** What the form would ask about: a species, a point and a time; else nothing. */
function checkOf(values: Partial<LogWriteInput>): UnusualCheck | null {
  const { speciesCommon, latitude, longitude, observedAt, timeZone } = values;
  if (!speciesCommon?.trim() || !isCoordinate(latitude) || !isCoordinate(longitude)) return null;
  const zone = timeZone || Intl.DateTimeFormat().resolvedOptions().timeZone;
  const instant = formInstant(observedAt ?? undefined, zone);
  if (!instant) return null;
  return {
    speciesCommon: speciesCommon.trim(),
    speciesScientific: values.speciesScientific?.trim() || null,
    taxonId: values.taxonId ?? null,
    latitude,
    longitude,
    observedAt: instant.toISOString(),
    timeZone: zone,
    count: values.countKind === 'counted' && typeof values.count === 'number' ? values.count : null,
  };
}

/**
 * Issue 36: before saving, whether the record would be flagged as unusual here (the flags the
 * save would store), with a nudge towards evidence. Never blocks; silent offline.
 */
export function UnusualNotice({ form }: { form: LogFormApi }) {
  const values = useWatch({ control: form.control }) as Partial<LogWriteInput>;
  const online = useOnline();
  const check = checkOf(values);
  const asked = useRested(check ? JSON.stringify(check) : null, REST_MS);
  const { data } = useQuery({
    queryKey: ['unusual-check', asked],
    queryFn: ({ signal }) =>
      api('/api/occurrences/check', unusualCheckResultSchema, {
        method: 'POST',
        body: JSON.parse(asked!) as UnusualCheck,
        signal,
      }),
    enabled: online && asked !== null,
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
  if (!check || !data?.unusual) return null;
  const evidence =
    Boolean(values.notes?.trim()) ||
    (values.photoLinks?.length ?? 0) > 0 ||
    (values.uploadedPhotoUrls?.length ?? 0) > 0;
  return (
    <Alert
      role="status"
      className="border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
    >
      <TriangleAlert aria-hidden="true" />
      <AlertTitle>{evidence ? 'Unusual here' : 'Unusual here: add a photo or a note?'}</AlertTitle>
      <AlertDescription className="text-current">
        <ul className="list-disc pl-4">
          {data.texts.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
        <p>You can save it as it is; a reviewer of this instance may look at it.</p>
      </AlertDescription>
    </Alert>
  );
}
