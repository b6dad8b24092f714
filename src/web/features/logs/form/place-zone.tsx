import { Clock } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { LogWriteInput, LogWritePayload } from '../../../../common/logs/schemas';
import { wallClockToInstant } from '../../../../common/place-time';
import { canonicalTimeZone } from '../../../../common/zone-names';
import { isCoordinate } from '@/components/map/coordinates';
import { OfferNotice } from '@/components/offer-notice';
import { readLocalInput } from '@/lib/form-dates';
import { differsFromViewer, zoneAbbreviation } from '@/lib/log-dates';
import { readingZone } from './form-values';

// The zone of the place set on the form (typed, picked, located, or a photo's GPS): the time
// typed may be the clock there. tz-lookup's map loads with the first coordinates set, never with
// the form (see src/common/place-zone.ts).

type LogFormApi = UseFormReturn<LogWriteInput, unknown, LogWritePayload>;

/** The zone at the coordinates, offline; the map loads on first use. */
export const loadZoneAt = () => import('../../../../common/place-zone').then((m) => m.zoneAt);

/** The zone by the name a log keeps: a log or browser may give an older one (Asia/Calcutta). */
const ianaName = (zone: string) => canonicalTimeZone(zone) ?? zone;

/** The instant the form's Date & Time names in a zone (undefined while it is being typed). */
export function formInstant(observedAt: string | undefined, zone: string): Date | undefined {
  const clock = readLocalInput(observedAt ?? '');
  return clock && wallClockToInstant(clock, zone);
}

/**
 * Calls `onFound` with the zone of each point the user sets; the point a log already had when
 * the form opened keeps the log's zone.
 */
export function usePlaceZone(form: LogFormApi, onFound: (zone: string | undefined) => void) {
  const [latitude, longitude] = useWatch({
    control: form.control,
    name: ['latitude', 'longitude'],
  });
  const point = isCoordinate(latitude) && isCoordinate(longitude) ? `${latitude},${longitude}` : '';
  const [opened] = useState(point);
  const found = useEffectEvent(onFound);
  useEffect(() => {
    if (!point || point === opened) return;
    const [lat, lon] = point.split(',').map(Number) as [number, number];
    let current = true;
    void loadZoneAt().then((zoneAt) => {
      const zone = zoneAt(lat, lon);
      if (current) found(zone && ianaName(zone));
    });
    return () => {
      current = false;
    };
  }, [point, opened]);
  return Boolean(point);
}

/**
 * The place's zone for the form's time: taken at once when the time would read the same there
 * (or the log has no time), else offered (returned) for the user to choose.
 */
export function usePlaceZoneOffer(form: LogFormApi) {
  const [offered, setOffered] = useState<string>();
  const located = usePlaceZone(form, (placeZone) => {
    const values = form.getValues();
    const zone = readingZone(values);
    const instant = formInstant(values.observedAt, zone);
    if (!placeZone || placeZone === ianaName(zone)) return setOffered(undefined);
    if (
      values.timeKnown === false ||
      (instant && !differsFromViewer(instant, zone, { timeZone: placeZone }))
    ) {
      form.setValue('timeZone', placeZone, { shouldDirty: true });
      return setOffered(undefined);
    }
    setOffered(placeZone);
  });
  const [timeZone, timeKnown] = useWatch({
    control: form.control,
    name: ['timeZone', 'timeKnown'],
  });
  // gone once the form's zone is the place's (a photo's time taken there), or without a point
  const offer =
    located && offered && offered !== ianaName(readingZone({ timeZone, timeKnown }))
      ? offered
      : undefined;
  // a date typed alone is the date at the place: its noon there, whatever the clocks say
  const dateOnly = timeKnown === false;
  useEffect(() => {
    if (dateOnly && offer) form.setValue('timeZone', offer, { shouldDirty: true });
  }, [dateOnly, offer, form]);
  return {
    offer,
    accept: () => {
      if (offer) form.setValue('timeZone', offer, { shouldDirty: true });
      setOffered(undefined);
    },
    decline: () => setOffered(undefined),
  };
}

interface PlaceZoneOfferProps {
  zone: string;
  /** The instant the form's time names now, for the zone's name then (MST or MDT). */
  instant: Date | undefined;
  onAccept: () => void;
  onDecline: () => void;
}

/** 'This place is in America/Denver (MST). Use the local time there?' */
export function PlaceZoneOffer({ zone, instant, onAccept, onDecline }: PlaceZoneOfferProps) {
  return (
    <OfferNotice
      icon={Clock}
      acceptLabel="Use local time"
      dismissLabel="Keep the time as it is"
      onAccept={onAccept}
      onDismiss={onDecline}
    >
      This place is in {zone} ({zoneAbbreviation(instant ?? new Date(), zone)}). Use the local time
      there?
    </OfferNotice>
  );
}
