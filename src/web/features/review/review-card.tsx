import {
  Calendar,
  ExternalLink,
  Image,
  Lock,
  MapPin,
  TriangleAlert,
  UserRound,
} from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { ReviewItem } from '../../../common/occurrence-api';
import {
  reviewStatuses,
  reviewStatusTexts,
  unusualTexts,
  type ReviewStatus,
} from '../../../common/occurrences';
import { sharedLogPath } from '../../../common/routes';
import { formatCoordinates, formatUncertainty } from '@/components/map/coordinates';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/error-message';
import { shortCount } from '@/lib/log-count';
import { formatDay, formatObservedMedium } from '@/lib/log-dates';
import { isUnauthorized } from '@/lib/query-client';
import { useDecide } from './use-review';

// A flagged record as a reviewer sees it (issue 36), and the three decisions on it.

/** The buttons' words: what the reviewer does, where the owner reads what was decided. */
const decisionLabels: Record<ReviewStatus, string> = {
  accepted: 'Accept',
  needs_evidence: 'Needs more evidence',
  not_accepted: 'Not accept',
};

const photosText = (count: number) =>
  count === 0 ? 'No photos' : `${count} photo${count === 1 ? '' : 's'}`;

function Line({ icon: Icon, children }: { icon: typeof Calendar; children: ReactNode }) {
  return (
    <p className="flex min-w-0 items-start gap-2">
      <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span className="min-w-0 break-words">{children}</span>
    </p>
  );
}

export function ReviewCard({ item }: { item: ReviewItem }) {
  const id = useId();
  const decide = useDecide();
  const [comment, setComment] = useState(item.review?.comment ?? '');
  const [chosen, setChosen] = useState<ReviewStatus | null>(null);
  const { text: count, label: countLabel } = shortCount(item.count);
  const located = item.latitude !== null && item.longitude !== null;

  const send = (status: ReviewStatus) => {
    setChosen(status);
    // mutateAsync: it settles after the list is read again, which may have taken this card off
    // (a mutate's own callbacks then never run, and the decision would go unconfirmed)
    decide.mutateAsync({ id: item.id, decision: { status, comment: comment.trim() || null } }).then(
      () => toast.success('Decision saved'),
      (failure: unknown) => {
        if (!isUnauthorized(failure)) {
          toast.error('Error', { description: errorMessage(failure, 'Failed to save') });
        }
      },
    );
  };

  return (
    <Card className="gap-4" data-testid="review-card">
      <CardHeader>
        <div className="flex min-w-0 items-start gap-3">
          <CardTitle className="min-w-0 text-lg leading-tight">
            <h2 className="break-words">{item.speciesCommon}</h2>
            {item.speciesScientific && (
              <p className="mt-1 text-sm font-normal break-words text-muted-foreground italic">
                {item.speciesScientific}
              </p>
            )}
          </CardTitle>
          <Badge variant="secondary" className="ml-auto" aria-label={countLabel}>
            {count}
          </Badge>
        </div>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4 text-sm">
        <div className="grid grid-cols-1 gap-1.5">
          <Line icon={Calendar}>
            <time dateTime={item.observedAt}>{formatObservedMedium(item)}</time>
          </Line>
          {located ? (
            <Line icon={MapPin}>
              {item.placeName && <span className="block">{item.placeName}</span>}
              <span className="text-muted-foreground tabular-nums">
                {formatCoordinates(item.latitude!, item.longitude!)}
                {item.coordinateUncertainty !== null &&
                  ` (${formatUncertainty(item.coordinateUncertainty)})`}
              </span>
            </Line>
          ) : (
            <Line icon={Lock}>Location private</Line>
          )}
          <Line icon={UserRound}>{item.owner}</Line>
          <Line icon={Image}>{photosText(item.photos)}</Line>
          {item.isPublic && (
            <p>
              <a
                href={sharedLogPath(item.id)}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-2 text-primary underline-offset-4 hover:underline pointer-coarse:min-h-11"
              >
                <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
                Open shared page
              </a>
            </p>
          )}
        </div>
        <ul
          className="grid list-none gap-1 rounded-md border border-amber-500/50 bg-amber-50/60 p-3 dark:bg-amber-950/20"
          aria-label="Why it is unusual"
        >
          {unusualTexts(item.unusual).map((text) => (
            <li key={text} className="flex items-start gap-2">
              <TriangleAlert
                className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-300"
                aria-hidden="true"
              />
              {text}
            </li>
          ))}
        </ul>
        {item.description && (
          <section className="grid gap-1">
            <h3 className="font-semibold">Description</h3>
            <p className="break-words whitespace-pre-wrap text-muted-foreground">
              {item.description}
            </p>
          </section>
        )}
        {item.notes && (
          <section className="grid gap-1">
            <h3 className="font-semibold">Notes</h3>
            <p className="break-words whitespace-pre-wrap text-muted-foreground">{item.notes}</p>
          </section>
        )}
        {item.review && (
          <p>
            <span className="font-medium">Review: {reviewStatusTexts[item.review.status]}</span>
            <span className="text-muted-foreground">
              {' · '}
              <time dateTime={item.review.decidedAt}>{formatDay(item.review.decidedAt)}</time>
            </span>
          </p>
        )}
        <div className="grid gap-2">
          <Label htmlFor={`${id}-comment`}>Comment for the observer</Label>
          <Textarea
            id={`${id}-comment`}
            rows={2}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            disabled={decide.isPending}
          />
        </div>
      </CardContent>
      {/* stacked on a phone: three buttons of unequal words do not share a row there */}
      <CardFooter className="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap">
        {reviewStatuses.map((status) => (
          <Button
            key={status}
            variant={status === 'accepted' ? 'default' : 'outline'}
            disabled={decide.isPending}
            onClick={() => send(status)}
          >
            {decide.isPending && chosen === status && <Spinner aria-hidden="true" />}
            {decisionLabels[status]}
          </Button>
        ))}
      </CardFooter>
    </Card>
  );
}
