import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { logPath } from '../../../common/routes';
import type { OutingDetections as Detections } from '../../../common/detections';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { bySpecies, detectionsText, percent, spansDays } from './detection-format';
import { SpeciesDecision } from './species-decision';
import { useOutingDetections } from './use-detections';

/**
 * Issue 37: the outing's detections to confirm, by species and hour, and the species decided.
 * Absent while it loads and for an outing without detections.
 */
export function OutingDetections({ outingId }: { outingId: string }) {
  const { data, error, refetch } = useOutingDetections(outingId);
  if (error) {
    return (
      <DetectionsCard>
        <QueryErrorAlert error={error} onRetry={() => void refetch()} />
      </DetectionsCard>
    );
  }
  if (!data || (data.toConfirm.length === 0 && data.decided.length === 0)) return null;
  const species = bySpecies(data.toConfirm);
  const withDay = spansDays(data.toConfirm);
  return (
    <DetectionsCard>
      {species.length === 0 ? (
        <p className="text-muted-foreground">Nothing left to confirm.</p>
      ) : (
        <ul className="grid gap-3" aria-label="Species to confirm">
          {species.map((one) => (
            <SpeciesDecision
              key={one.speciesKey}
              outingId={outingId}
              species={one}
              withDay={withDay}
            />
          ))}
        </ul>
      )}
      {data.decided.length > 0 && <Decided decided={data.decided} />}
    </DetectionsCard>
  );
}

function DetectionsCard({ children }: { children: ReactNode }) {
  return (
    <Card role="region" aria-labelledby="outing-to-confirm">
      <CardHeader>
        <CardTitle>
          <h2 id="outing-to-confirm" className="text-lg">
            To confirm
          </h2>
        </CardTitle>
        <CardDescription>
          What BirdNET heard, by species and hour, with its best clips. Confirm a species to log it
          with the count you give; reject what it got wrong.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-6">{children}</CardContent>
    </Card>
  );
}

function Decided({ decided }: { decided: Detections['decided'] }) {
  return (
    <section className="grid gap-2" aria-labelledby="outing-decided">
      <h3 id="outing-decided" className="font-semibold">
        Decided
      </h3>
      <ul className="-mx-2 divide-y" data-testid="detections-decided">
        {decided.map((one) => (
          <li key={one.speciesKey} className="grid gap-1 px-2 py-2">
            <p className="break-words">
              <span className="font-medium">{one.commonName}</span>
              {one.scientificName && (
                <span className="text-sm text-muted-foreground italic"> {one.scientificName}</span>
              )}
            </p>
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
              {detectionsText(one.detections)} · best {percent(one.bestConfidence)}
              {one.status === 'confirmed' ? (
                <Badge variant="secondary">Confirmed</Badge>
              ) : (
                <Badge variant="outline">Rejected</Badge>
              )}
              {one.logId && (
                <Link
                  href={logPath(one.logId)}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  Open log<span className="sr-only"> of {one.commonName}</span>
                </Link>
              )}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
