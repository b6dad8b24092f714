import { Calendar, CircleCheck, CircleDashed, Clock, MapPin, Route, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { SharedLog } from '../../../common/logs/schemas';
import type { SharedOuting } from '../../../common/outings/schemas';
import { logPath } from '../../../common/routes';
import {
  LocationShownLine,
  TrustedViewerLine,
  type ShownPlace,
} from '@/components/location-privacy/location-shown';
import { formatCoordinates, formatUncertainty } from '@/components/map/coordinates';
import type { MapPoint } from '@/components/map/points-map';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { LazyPointsMap } from '@/components/map/lazy-points-map';
import { SourceLink } from '@/features/logs';
import { cn } from '@/lib/cn';
import { shortCount } from '@/lib/log-count';
import { formatObservedLong, observedDateTime } from '@/lib/log-dates';
import {
  COMPLETE_TEXT,
  formatDistance,
  formatDuration,
  formatIndividuals,
  formatParty,
  formatSpeciesCount,
  INCOMPLETE_TEXT,
  outingStart,
  protocolLabels,
} from './effort';
import { OutingRecordingsCard } from './outing-recordings';

/** An outing with its logs: the owner's (all of them) or the shared page's (the public ones). */
type OutingWithLogs = Omit<SharedOuting, keyof ShownPlace | 'logs'> &
  ShownPlace & { logs: Array<Omit<SharedLog, keyof ShownPlace> & ShownPlace> };

/** A shared page's obscured place, not seen exactly: its point is only somewhere in its cell. */
const inCellOnly = (place: ShownPlace) => Boolean(place.locationCell) && !place.locationExact;

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <p className="flex items-start gap-2">
      <span className="mt-0.5 text-muted-foreground [&>svg]:size-4" aria-hidden="true">
        {icon}
      </span>
      <span className="min-w-0 break-words">{children}</span>
    </p>
  );
}

/** When, where and how: the effort eBird asks for, and whether absence can be read from it. */
export function OutingSummaryCard({
  outing,
  sharing,
}: {
  outing: OutingWithLogs;
  sharing?: ReactNode;
}) {
  const start = outingStart(outing);
  const pointShown = outing.latitude !== null && outing.longitude !== null && !inCellOnly(outing);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Effort</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        <p className="text-2xl font-semibold tabular-nums" data-testid="outing-totals">
          {formatSpeciesCount(outing.species)}
          <span className="text-base font-normal text-muted-foreground">
            {' · '}
            {formatIndividuals(outing.individuals)}
          </span>
        </p>
        <div className="grid gap-2 text-sm sm:grid-cols-2">
          <Fact icon={<Calendar />}>
            <time dateTime={observedDateTime(start)}>{formatObservedLong(start)}</time>
          </Fact>
          <Fact icon={<Route />}>
            {protocolLabels[outing.protocol]}
            {outing.distanceKm !== null && ` · ${formatDistance(outing.distanceKm)}`}
          </Fact>
          <Fact icon={<Clock />}>
            {outing.durationMinutes !== null
              ? formatDuration(outing.durationMinutes)
              : 'Duration not recorded'}
          </Fact>
          <Fact icon={<Users />}>
            {outing.partySize !== null ? formatParty(outing.partySize) : 'Party size not recorded'}
          </Fact>
          {(outing.placeName || pointShown) && (
            <Fact icon={<MapPin />}>
              {outing.placeName}
              {pointShown && outing.latitude !== null && outing.longitude !== null && (
                <span className="block text-muted-foreground tabular-nums">
                  {formatCoordinates(outing.latitude, outing.longitude)}
                  {outing.coordinateUncertainty !== null &&
                    ` ${formatUncertainty(outing.coordinateUncertainty)}`}
                </span>
              )}
            </Fact>
          )}
          <Fact icon={outing.complete ? <CircleCheck /> : <CircleDashed />}>
            {outing.complete ? COMPLETE_TEXT : INCOMPLETE_TEXT}
          </Fact>
          {outing.locationExact ? <TrustedViewerLine /> : <LocationShownLine place={outing} />}
        </div>
        <SourceLink url={outing.sourceUrl} />
        {outing.notes && (
          <section className="grid gap-1">
            <h3 className="font-semibold">Notes</h3>
            <p className="whitespace-pre-wrap break-words text-muted-foreground">{outing.notes}</p>
          </section>
        )}
        {sharing}
      </CardContent>
    </Card>
  );
}

/** The logs of the outing that have a place, as points of its map; an obscured one, its cell. */
export const outingPoints = (outing: OutingWithLogs): MapPoint[] =>
  outing.logs.flatMap((log) =>
    log.latitude !== null && log.longitude !== null
      ? [
          {
            latitude: log.latitude,
            longitude: log.longitude,
            label: `${shortCount(log.count).text} × ${log.speciesCommon}`,
            cell: inCellOnly(log) ? log.locationCell : null,
          },
        ]
      : [],
  );

/**
 * The species of the outing with their counts, in the order they were logged. The owner's page
 * links each to its log; the shared page does not.
 */
export function SpeciesCard({ outing, linkLogs }: { outing: OutingWithLogs; linkLogs: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Species</h2>
        </CardTitle>
      </CardHeader>
      {/* one column no wider than the card: a long name is cut short, not the page widened */}
      <CardContent className="grid grid-cols-1">
        {outing.logs.length === 0 ? (
          <p className="text-muted-foreground">No species logged on this outing.</p>
        ) : (
          <ol className="-mx-2 divide-y" aria-label="Species of this outing">
            {outing.logs.map((log) => {
              const scientific = log.speciesScientific ?? log.taxon?.scientificName;
              const row = (
                <>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{log.speciesCommon}</span>
                    {scientific && (
                      <span className="block truncate text-sm text-muted-foreground italic">
                        {scientific}
                      </span>
                    )}
                    {log.notes && (
                      <span className="block text-sm break-words whitespace-pre-wrap text-muted-foreground">
                        {log.notes}
                      </span>
                    )}
                  </span>
                  <CountCell count={log.count} />
                </>
              );
              const rowClass = 'flex items-start gap-3 px-2 py-2';
              return (
                <li key={log.id} data-testid="outing-species">
                  {linkLogs ? (
                    <Link
                      href={logPath(log.id)}
                      className={`${rowClass} rounded-md outline-none hover:bg-accent/40 focus-visible:bg-accent/40`}
                    >
                      {row}
                    </Link>
                  ) : (
                    <div className={rowClass}>{row}</div>
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

/** A species' count on the outing: the number, or X (present, not counted) and 0 (evidence). */
function CountCell({ count }: { count: number | null }) {
  const { text, title, label } = shortCount(count);
  return (
    <span
      className={cn(
        'shrink-0 font-semibold tabular-nums',
        count === null || count > 0 ? 'text-lg' : 'text-sm text-muted-foreground',
      )}
      aria-label={count !== null && count > 0 ? `${count.toLocaleString()} counted` : label}
      title={title}
    >
      {text}
    </span>
  );
}

/**
 * The outing's effort and map side by side on a wide screen (the map right under the effort on a
 * phone), then its species and what was recorded: the owner's page and the shared page alike.
 */
export function OutingBody({ outing, sharing }: { outing: OutingWithLogs; sharing?: ReactNode }) {
  const points = outingPoints(outing);
  return (
    <>
      <div className={cn('grid grid-cols-1 gap-6', points.length > 0 && 'md:grid-cols-2')}>
        <OutingSummaryCard outing={outing} sharing={sharing} />
        {points.length > 0 && (
          <LazyPointsMap
            points={points}
            label="Sightings of this outing"
            className="h-64 overflow-hidden rounded-xl border md:h-auto md:min-h-72"
          />
        )}
      </div>
      <SpeciesCard outing={outing} linkLogs={sharing !== undefined} />
      <OutingRecordingsCard logs={outing.logs} />
    </>
  );
}
