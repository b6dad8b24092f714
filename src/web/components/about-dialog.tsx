import type { ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { productName } from '@/lib/product-name';

const external = 'text-primary underline-offset-4 hover:underline';

/** What the app is and whose data it shows: the species names' licence asks for attribution. */
export function AboutDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>About {productName}</DialogTitle>
          <DialogDescription>A self-hostable log of wildlife sightings.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-3 text-sm">
          <p>
            {productName} is free software under the{' '}
            <Link href="https://www.gnu.org/licenses/agpl-3.0.html">
              GNU Affero General Public License 3.0 or later
            </Link>
            .
          </p>
          <section className="grid gap-1">
            <h3 className="font-semibold">Species names</h3>
            <p className="text-muted-foreground">
              The species backbone comes from{' '}
              <Link href="https://www.npmjs.com/package/common-species">common-species</Link> by
              ecofactbook, under{' '}
              <Link href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</Link>: derived
              from GBIF occurrence data (GBIF.org (5 July 2018) GBIF Occurrence Download{' '}
              <Link href="https://doi.org/10.15468/dl.ljofvp">
                https://doi.org/10.15468/dl.ljofvp
              </Link>
              ) and UniProt&apos;s controlled vocabulary of species. This server may add checklists
              of its own.
            </p>
            <p className="text-muted-foreground">
              Birds follow the{' '}
              <Link href="https://www.birds.cornell.edu/clementschecklist/download/">
                eBird/Clements Checklist v2025
              </Link>{' '}
              of the Cornell Lab of Ornithology (Clements et al. 2025), with former names from
              earlier eBird taxonomies and from{' '}
              <Link href="https://doi.org/10.2173/avilist.v2025">AviList v2025</Link> (AviList Core
              Team 2025, CC BY 4.0) and ranges from AviList&apos;s range texts. The names in other
              languages of birds, mammals and reptiles come from{' '}
              <Link href="https://species.wikimedia.org">Wikispecies</Link> contributors, via{' '}
              <Link href="https://www.npmjs.com/package/species-names-dataset">
                species-names-dataset
              </Link>
              , under{' '}
              <Link href="https://creativecommons.org/licenses/by-sa/4.0/">CC BY-SA 4.0</Link>.
            </p>
          </section>
          <section className="grid gap-1">
            <h3 className="font-semibold">Maps</h3>
            <p className="text-muted-foreground">
              Map tiles are credited on each map, as their provider asks.
            </p>
          </section>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function Link({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={external}>
      {children}
    </a>
  );
}
