import { useState } from 'react';
import { MapPinCheck, ScanSearch } from 'lucide-react';
import { toast } from 'sonner';
import { Link } from 'wouter';
import type { PhotoPosition } from '../../../common/account/photo-positions';
import { formatCoordinates } from '@/components/map/coordinates';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { formatObservedMedium } from '@/lib/log-dates';
import { useFixPhotoPositions, usePhotoPositions } from './use-account';

// Issue 31: the form once filled a photo's position without its hemisphere (73.9665 W saved as
// 73.9665 E) and the zone there. This one-off check finds such logs by their photos and fixes
// the ones listed when asked.

const logs = (count: number) => `${count} log${count === 1 ? '' : 's'}`;

/** 'Run the check', what it found (or that nothing needs fixing), and the fix. */
export function PhotoPositionsCheck() {
  const [asked, setAsked] = useState(false);
  const check = usePhotoPositions(asked);
  const fix = useFixPhotoPositions();
  const checking = check.isFetching;
  const run = () => (asked ? void check.refetch() : setAsked(true));
  const fixAll = (found: PhotoPosition[]) =>
    fix.mutate(
      found.map(({ logId }) => logId),
      {
        onSuccess: (fixed) => {
          const left = found.length - fixed.length;
          toast.success(`Fixed ${logs(fixed.length)}`, {
            description:
              left > 0 ? `${logs(left)} changed since the check: run it again.` : undefined,
          });
        },
        onError: (error) => toast.error(errorMessage(error, 'The logs could not be fixed')),
      },
    );

  return (
    <div className="grid gap-4">
      <div>
        <Button variant="outline" onClick={run} disabled={checking || fix.isPending}>
          {checking ? <Spinner aria-hidden="true" /> : <ScanSearch />}
          {checking ? 'Checking your photos…' : 'Check photo positions'}
        </Button>
      </div>
      {check.isError && !checking && <QueryErrorAlert error={check.error} />}
      {check.data && !checking && (
        <div className="grid gap-4">
          {check.data.length === 0 ? (
            <p role="status" className="text-sm">
              No log needs fixing.
            </p>
          ) : (
            <>
              <p role="status" className="text-sm">
                {check.data.length === 1
                  ? '1 log was placed at its photo’s position without the hemisphere:'
                  : `${check.data.length} logs were placed at their photo’s position without the hemisphere:`}
              </p>
              <ul className="grid divide-y rounded-md border" aria-label="Logs to fix">
                {check.data.map((position) => (
                  <FoundLog key={position.logId} position={position} />
                ))}
              </ul>
              <div>
                <Button onClick={() => fixAll(check.data)} disabled={fix.isPending}>
                  {fix.isPending ? <Spinner aria-hidden="true" /> : <MapPinCheck />}
                  Fix {check.data.length === 1 ? 'this log' : `these ${check.data.length} logs`}
                </Button>
              </div>
            </>
          )}
        </div>
      )}
    </div>
  );
}

function FoundLog({ position }: { position: PhotoPosition }) {
  const { logId, speciesCommon, timeKnown, stored, corrected } = position;
  const placeTime = (at: PhotoPosition['stored']) =>
    [
      formatCoordinates(at.latitude, at.longitude),
      at.timeZone ?? 'no time zone',
      formatObservedMedium({ ...at, timeKnown }),
    ].join(' · ');
  return (
    <li className="grid gap-1 p-3 text-sm">
      <Link href={`/logs/${logId}`} className="font-medium underline-offset-4 hover:underline">
        {speciesCommon}
      </Link>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        <dt className="text-muted-foreground">Saved</dt>
        <dd className="min-w-0 break-words">{placeTime(stored)}</dd>
        <dt className="text-muted-foreground">Fixed</dt>
        <dd className="min-w-0 break-words">{placeTime(corrected)}</dd>
      </dl>
    </li>
  );
}
