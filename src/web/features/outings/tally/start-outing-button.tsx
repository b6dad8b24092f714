import { useQueryClient } from '@tanstack/react-query';
import { Footprints } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { appRoutes } from '../../../../common/routes';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { browserTimeZone } from '@/lib/log-dates';
import { startTally } from './tally';
import { beginTally, useTally } from './use-tally';

/**
 * "Start outing" (issue 22): starts one now, on the device's clock and in its time zone, and
 * opens the tally; the position follows there, never waited for. With an outing in progress on
 * this device it offers to resume that one instead.
 */
export function StartOutingButton({ className }: { className?: string }) {
  const { data: tally, isPending } = useTally();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [starting, setStarting] = useState(false);

  if (tally) {
    return (
      <Button asChild variant="outline" className={className}>
        <Link href={appRoutes.outingTally}>
          <span className="size-2 animate-pulse rounded-full bg-primary" aria-hidden="true" />
          Resume outing
        </Link>
      </Button>
    );
  }

  const start = async () => {
    setStarting(true);
    const begun = startTally(crypto.randomUUID(), new Date(), browserTimeZone() ?? null);
    await beginTally(queryClient, begun);
    navigate(appRoutes.outingTally);
  };

  // while the device's tally is read (a moment), its place is kept but nothing shows (hidden,
  // so neither clicked nor focused): neither a button that may turn into "Resume outing" nor a
  // faded disabled one fading in
  return (
    <Button
      variant="outline"
      className={cn(className, isPending && 'invisible')}
      disabled={starting}
      onClick={() => void start()}
    >
      <Footprints />
      Start outing
    </Button>
  );
}
