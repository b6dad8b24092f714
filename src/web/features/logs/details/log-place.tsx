import type { SharedLog } from '../../../../common/logs/schemas';
import {
  LocationShownLine,
  TrustedViewerLine,
  type ShownPlace,
} from '@/components/location-privacy/location-shown';
import { privacyHints } from '@/components/location-privacy/privacy-fields';
import { LazyPointMap } from '@/components/map/lazy-point-map';
import { LogLocation } from '@/components/map/log-location';

type PlaceOfLog = Pick<
  SharedLog,
  | 'latitude'
  | 'longitude'
  | 'coordinateUncertainty'
  | 'speciesCommon'
  | 'showExactLocation'
  | 'isPublic'
> &
  ShownPlace;

/**
 * Where the log was seen, as its viewer may see it (issue 35). Its owner: the exact point, and
 * how others see it. A shared page: the rounded point of an open place (exact when the owner
 * allows), the square an obscured one lies in, nothing of a private one; a trusted viewer the
 * exact point of an obscured one.
 */
export function LogPlace({ log, owner }: { log: PlaceOfLog; owner: boolean }) {
  const { level } = log.locationShown;
  const located = log.latitude !== null && log.longitude !== null;
  const map = (approximate: boolean) =>
    log.latitude !== null &&
    log.longitude !== null && (
      <LogLocation
        latitude={log.latitude}
        longitude={log.longitude}
        uncertainty={log.coordinateUncertainty}
        label={log.speciesCommon}
        approximate={approximate}
      />
    );

  if (owner) {
    if (!located && level === 'open') return null;
    return (
      <div className="grid grid-cols-1 gap-1">
        {map(false)}
        {level !== 'open' ? (
          <div className="grid gap-0.5">
            <LocationShownLine place={log} />
            <p className="pl-6 text-xs text-muted-foreground">{privacyHints[level]}</p>
          </div>
        ) : (
          located &&
          log.isPublic && (
            <p className="text-xs text-muted-foreground">
              {log.showExactLocation
                ? 'The shared page shows the exact location.'
                : 'The shared page shows the location rounded to about 1 km.'}
            </p>
          )
        )}
      </div>
    );
  }
  if (log.locationExact) {
    return (
      <div className="grid grid-cols-1 gap-1">
        {map(false)}
        <TrustedViewerLine />
      </div>
    );
  }
  if (level === 'open') return map(!log.showExactLocation); // the shared page's rounded point
  return (
    <div className="grid grid-cols-1 gap-1">
      {log.locationCell && (
        <LazyPointMap
          className="mb-1 h-56 sm:h-64"
          point={null}
          cell={log.locationCell}
          label={log.speciesCommon}
        />
      )}
      <LocationShownLine place={log} />
      {log.locationCell && (
        <p className="pl-6 text-xs text-muted-foreground">
          The sighting lies somewhere in the square shown.
        </p>
      )}
    </div>
  );
}
