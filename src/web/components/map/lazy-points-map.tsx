import { Suspense } from 'react';
import { lazyComponent } from '@/lib/lazy-component';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import type { PointsMapProps } from './points-map';

const PointsMap = lazyComponent(
  () => import('./points-map'),
  (m) => m.default,
);

/** A map of several points in a box of the given height, a skeleton while Leaflet loads. */
export function LazyPointsMap({ className, ...props }: PointsMapProps & { className?: string }) {
  return (
    <div
      role="region"
      aria-label="Map"
      className={cn('isolate overflow-hidden rounded-md border', className)}
    >
      <Suspense fallback={<Skeleton className="size-full rounded-none" />}>
        <PointsMap {...props} />
      </Suspense>
    </div>
  );
}
