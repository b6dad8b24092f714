import { ExternalLink, MapPinned } from 'lucide-react';
import { formatCoordinates, formatUncertainty, isMobileDevice, mapAppLink } from './coordinates';
import { LazyPointMap } from './lazy-point-map';

export interface LogLocationProps {
  latitude: number;
  longitude: number;
  /**
   * The coordinates are rounded to 0.01° (a shared log without 'Show exact location
   * publicly'): the map draws an area of about 1 km instead of a pin, and the text says so.
   */
  approximate?: boolean;
  /** How far off the point may be, in metres (the device's accuracy). */
  uncertainty?: number | null;
  /** What was seen there, naming the pin for screen readers (e.g. the species). */
  label: string;
}

/**
 * Where a log was seen: a map with its point, the coordinates as text and a link that opens
 * them in the device's map app. Used by the details page and the shared page.
 */
export function LogLocation({
  latitude,
  longitude,
  approximate = false,
  uncertainty,
  label,
}: LogLocationProps) {
  const link = mapAppLink(latitude, longitude, isMobileDevice(navigator));
  return (
    <section className="grid grid-cols-1 gap-2" aria-label="Where it was seen">
      <LazyPointMap
        className="h-56 sm:h-64"
        point={[latitude, longitude]}
        approximate={approximate}
        uncertainty={uncertainty}
        label={label}
      />
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="flex items-center gap-2">
          <MapPinned className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span data-testid="coordinates">{formatCoordinates(latitude, longitude)}</span>
          {approximate ? (
            <span className="text-muted-foreground">(within about 1 km)</span>
          ) : (
            uncertainty && (
              <span className="text-muted-foreground" data-testid="uncertainty">
                {formatUncertainty(uncertainty)}
              </span>
            )
          )}
        </span>
        <a
          href={link.href}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline pointer-coarse:min-h-11"
        >
          <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
          {link.label}
        </a>
      </p>
    </section>
  );
}
