import { useState } from 'react';
import { Download } from 'lucide-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DATA_LICENSE_INFO,
  DEFAULT_DATA_LICENSE,
  OFFERED_DATA_LICENSES,
  type DataLicense,
} from '../../../common/data-exchange/licenses';
import type { ListState } from '../../../common/logs/list-search';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { accountQuery } from '@/features/account';
import { NeedsConnection } from '@/components/needs-connection';
import { queryKeys } from '@/lib/query-keys';
import { exportUrl } from './export-url';

type Choice = 'csv' | 'dwc' | 'dwca';

const FORMATS: Array<{ value: Choice; title: string; text: string }> = [
  {
    value: 'csv',
    title: 'CSV',
    text: 'Every field of your logs, for spreadsheets. Sightbook can import it again.',
  },
  {
    value: 'dwc',
    title: 'Darwin Core CSV',
    text: 'One table in Darwin Core terms, for biodiversity tools.',
  },
  {
    value: 'dwca',
    title: 'Darwin Core Archive (for GBIF)',
    text: 'A zip file to publish your sightings on GBIF, with their public photos and a description of the data set.',
  },
];

const radio = 'mt-0.5 size-4 shrink-0 accent-primary';
const option =
  'flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring';

/** The account's data licence (the one last published under), which the dialog preselects. */
const useAccountLicense = (enabled: boolean) => useQuery({ ...accountQuery, enabled });

/**
 * The list's export (SPEC §7): our CSV, Darwin Core as CSV, or a Darwin Core Archive with a
 * licence (remembered for the account) and, for publishing, public logs only.
 */
export function ExportDialog({ state }: { state: ListState }) {
  const [open, setOpen] = useState(false);
  const [format, setFormat] = useState<Choice>('csv');
  const [chosenLicense, setChosenLicense] = useState<DataLicense | null>(null);
  const [publicOnly, setPublicOnly] = useState(true);
  const [withSourced, setWithSourced] = useState(false);
  const account = useAccountLicense(open);
  const queryClient = useQueryClient();
  const license = chosenLicense ?? account.data?.dataLicense ?? DEFAULT_DATA_LICENSE;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) setChosenLicense(null); // the stored licence, as it is now
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    let url: string;
    if (format === 'dwca') {
      url = exportUrl(state, 'export/dwca.zip', {
        license,
        ...(publicOnly ? { scope: 'public' } : {}),
        ...(publicOnly && withSourced ? { sourced: 'include' } : {}),
      });
      // the server remembers it with this download
      queryClient.setQueryData(queryKeys.account.profile, (old) =>
        old ? { ...old, dataLicense: license } : old,
      );
    } else {
      url = exportUrl(state, 'export.csv', format === 'dwc' ? { format: 'dwc' } : {});
    }
    window.location.assign(url);
    setOpen(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <NeedsConnection>
        <DialogTrigger asChild>
          <Button variant="outline">
            <Download />
            <span className="hidden sm:inline">Export CSV</span>
            <span className="sm:hidden">Export</span>
          </Button>
        </DialogTrigger>
      </NeedsConnection>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <form onSubmit={onSubmit} className="grid min-w-0 gap-4">
          <DialogHeader>
            <DialogTitle>Export Sightings</DialogTitle>
            <DialogDescription>
              Downloads the logs that match your current search and filters.
            </DialogDescription>
          </DialogHeader>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Format</legend>
            {FORMATS.map((item) => (
              <label key={item.value} className={option}>
                <input
                  type="radio"
                  name="export-format"
                  value={item.value}
                  checked={format === item.value}
                  onChange={() => setFormat(item.value)}
                  className={radio}
                />
                <span className="grid gap-1">
                  <span className="font-medium">{item.title}</span>
                  <span className="text-muted-foreground">{item.text}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {format === 'dwca' && (
            <>
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm font-medium">Licence</legend>
                <p className="mb-1 text-sm text-muted-foreground">
                  How others may use your data. Remembered for your next export.
                </p>
                {OFFERED_DATA_LICENSES.map((value) => (
                  <label key={value} className={option}>
                    <input
                      type="radio"
                      name="export-license"
                      value={value}
                      checked={license === value}
                      onChange={() => setChosenLicense(value)}
                      className={radio}
                    />
                    <span className="grid gap-1">
                      <span className="font-medium">{DATA_LICENSE_INFO[value].title}</span>
                      <span className="text-muted-foreground">{DATA_LICENSE_INFO[value].text}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
              <label className={option}>
                <input
                  type="checkbox"
                  checked={publicOnly}
                  onChange={(event) => setPublicOnly(event.target.checked)}
                  className={radio}
                />
                <span className="grid gap-1">
                  <span className="font-medium">Public logs only (for publishing)</span>
                  <span className="text-muted-foreground">
                    Leaves out private logs; public ones come as their shared pages show them, notes
                    included. Places are rounded to about 1 km, unless you chose to show a
                    log&apos;s exact location.
                  </span>
                </span>
              </label>
              {publicOnly && (
                <label className={option}>
                  <input
                    type="checkbox"
                    checked={withSourced}
                    onChange={(event) => setWithSourced(event.target.checked)}
                    className={radio}
                  />
                  <span className="grid gap-1">
                    <span className="font-medium">
                      Include logs imported from eBird or iNaturalist
                    </span>
                    <span className="text-muted-foreground">
                      They already reach GBIF through eBird and iNaturalist, so they are left out to
                      avoid publishing them twice. Included, each names its source record.
                    </span>
                  </span>
                </label>
              )}
            </>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit">
              <Download />
              Download
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
