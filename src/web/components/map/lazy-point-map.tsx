import { Suspense } from 'react';
import { lazyComponent } from '@/lib/lazy-component';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import type { PointMapProps } from './point-map';

// Leaflet and its CSS load with the first map shown, never with the page around it.
const PointMap = lazyComponent(
  () => import('./point-map'),
  (m) => m.default,
);

/** A point map in a box of the given height, a skeleton while Leaflet loads. */
export function LazyPointMap({ className, ...props }: PointMapProps & { className?: string }) {
  return (
    <div
      role="region"
      aria-label={props.onPick ? 'Map: click to set the location' : 'Map'}
      className={cn('isolate overflow-hidden rounded-md border', className)}
    >
      <Suspense fallback={<Skeleton className="size-full rounded-none" />}>
        <PointMap {...props} />
      </Suspense>
    </div>
  );
}
