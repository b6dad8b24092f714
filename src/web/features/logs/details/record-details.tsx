import { Egg, ExternalLink, Film, MapPin } from 'lucide-react';
import { breedingCode } from '../../../../common/logs/breeding-codes';
import type { Log } from '../../../../common/logs/schemas';
import { Badge } from '@/components/ui/badge';
import { hierarchyLine, mediaLabel, sourceLabel } from './record-labels';

// What a record brought from its source, on the details card (issue 32). The shared page shows
// the breeding code, the media and the source link; the place hierarchy and whether the log was
// captive only its owner sees.

/** The place hierarchy its owner sees: county, state or province, country, and the place's id. */
export type OwnPlace = Pick<Log, 'county' | 'stateProvince' | 'countryCode' | 'locationId'>;

const linkClass =
  'inline-flex max-w-full items-center gap-2 text-primary underline-offset-4 hover:underline pointer-coarse:min-h-11';

/** The place: its name, and under it the hierarchy and id the source gave (owner only). */
export function PlaceLines({ placeName, own }: { placeName: string | null; own?: OwnPlace }) {
  const hierarchy = own ? hierarchyLine(own) : '';
  const main = placeName ?? (hierarchy || null);
  const underneath = placeName ? hierarchy : '';
  const locationId = own?.locationId;
  if (!main && !locationId) return null;
  return (
    <div className="flex items-start gap-2">
      <MapPin className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="grid min-w-0 gap-0.5">
        {main && <span className="break-words">{main}</span>}
        {(underneath || locationId) && (
          <span className="text-xs break-words text-muted-foreground" data-testid="place-hierarchy">
            {underneath}
            {underneath && locationId && ' · '}
            {/* an id reads as one word: never broken after 'Location' */}
            {locationId && <span className="whitespace-nowrap">Location {locationId}</span>}
          </span>
        )}
      </div>
    </div>
  );
}

/** eBird's breeding code with its meaning: 'FY · Feeding young'. */
export function BreedingCodeLine({ code }: { code: string | null }) {
  if (!code) return null;
  const entry = breedingCode(code);
  return (
    <p className="flex items-start gap-2">
      <Egg className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span>
        <span className="text-muted-foreground">Breeding code </span>
        <span className="font-medium" title={entry ? `${entry.category} (eBird)` : undefined}>
          {entry ? `${entry.code} · ${entry.meaning}` : code}
        </span>
      </span>
    </p>
  );
}

/** The source record's page: 'View on eBird', 'View on iNaturalist'. */
export function SourceLink({ url }: { url: string | null }) {
  if (!url) return null;
  return (
    <p>
      <a href={url} target="_blank" rel="noopener noreferrer" className={linkClass}>
        <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
        <span className="truncate">{sourceLabel(url)}</span>
      </a>
    </p>
  );
}

/** Media of the record kept elsewhere: 'Macaulay Library ML613192950'. */
export function MediaLinks({ urls }: { urls: string[] }) {
  if (urls.length === 0) return null;
  return (
    <section className="grid grid-cols-1 gap-2">
      <h3 className="font-semibold">Media</h3>
      <ul className="grid grid-cols-1 gap-1 text-sm">
        {urls.map((url) => (
          <li key={url}>
            <a href={url} target="_blank" rel="noopener noreferrer" className={linkClass}>
              <Film className="size-4 shrink-0" aria-hidden="true" />
              <span className="truncate">{mediaLabel(url)}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Captive or cultivated: off the life lists unless they are asked to count it. */
export function CaptiveBadge() {
  return (
    <Badge variant="outline" title="Not on your life lists unless you include captive/cultivated">
      Captive / cultivated
    </Badge>
  );
}
