import { Sparkles } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';

// A log that put its species on the user's life list (issue 20): marked on its card and
// details, and celebrated when it is made.

/** The mark of a log that is the user's first observation of its species. */
export function LiferMark() {
  return (
    <Badge
      variant="outline"
      className="gap-1 border-amber-500/60 text-amber-700 dark:text-amber-300"
      title="Your first sighting of this species"
    >
      <Sparkles aria-hidden="true" />
      Lifer
    </Badge>
  );
}

/** A new log is the user's first of its species. */
export const toastLifer = (species: string) =>
  toast.success('New for your life list!', {
    description: `${species} is on your life list now.`,
    icon: <Sparkles className="size-4 text-amber-500" aria-hidden="true" />,
  });
