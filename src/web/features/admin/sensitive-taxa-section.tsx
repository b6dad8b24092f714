import { Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { useState } from 'react';
import {
  sensitiveLevels,
  type SensitiveLevel,
  type SensitiveTaxon,
} from '../../../common/sensitive-taxa';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { Button } from '@/components/ui/button';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';
import { levelTitles, ruleLabel } from './sensitive-taxa-format';
import { SensitiveTaxaImport } from './sensitive-taxa-import';
import { SensitiveTaxonForm } from './sensitive-taxon-form';
import { useChangeSensitiveLevel, useRemoveSensitiveTaxon, useSensitiveTaxa } from './use-admin';

// The admin's sensitive taxa (issue 35): the rules, a level to change each, and new ones by hand
// or from a CSV file.

export function SensitiveTaxaSection() {
  const rules = useSensitiveTaxa();
  const items = rules.data?.items;
  return (
    <section aria-labelledby="sensitive-heading" className="grid grid-cols-1 gap-4">
      <div>
        <h2 id="sensitive-heading" className="text-xl font-semibold">
          Sensitive species
          {items && (
            <span className="ml-2 text-base font-normal text-muted-foreground">
              {items.length.toLocaleString()}
            </span>
          )}
        </h2>
        <p className="text-sm text-muted-foreground">
          Logs of these taxa, and of every taxon within them, are at least this private to others,
          whatever their owners chose. Reviewers and trusted viewers still see the exact place of
          obscured ones.
        </p>
      </div>
      <QueryErrorAlert error={rules.error} onRetry={() => void rules.refetch()} />
      {rules.isPending ? (
        <Skeleton className="h-14 w-full" />
      ) : items?.length === 0 ? (
        <p className="text-sm text-muted-foreground">No sensitive species yet.</p>
      ) : (
        items && <RuleList rules={items} />
      )}
      <div className="grid items-start gap-4 md:grid-cols-2">
        <SensitiveTaxonForm knownIds={items?.map((rule) => rule.id) ?? []} />
        <SensitiveTaxaImport />
      </div>
    </section>
  );
}

const areaText = (rule: SensitiveTaxon) =>
  rule.area ? (rule.area.name ?? 'An unnamed area') : 'Everywhere';

function Name({ rule }: { rule: SensitiveTaxon }) {
  return <span className="font-medium italic">{rule.scientificName}</span>;
}

/** Without a backbone taxon the rule holds for this very name only, not for taxa within it. */
function CommonName({ rule }: { rule: SensitiveTaxon }) {
  if (!rule.taxon)
    return <span className="text-muted-foreground">Not in the species backbone</span>;
  return rule.taxon.commonName;
}

const columns = ['Scientific name', 'Common name', 'Area', 'Level'];

/** The rules: a table on wide screens, a card each on phones. */
function RuleList({ rules }: { rules: SensitiveTaxon[] }) {
  return (
    <>
      <table className="hidden w-full text-left text-sm md:table">
        <thead className="border-b text-muted-foreground">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="py-2 pr-4 font-medium">
                {column}
              </th>
            ))}
            <th scope="col" className="py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rules.map((rule) => (
            <tr key={rule.id} className="border-b last:border-0">
              <td className="py-3 pr-4">
                <Name rule={rule} />
              </td>
              <td className="py-3 pr-4">
                <CommonName rule={rule} />
              </td>
              <td className="py-3 pr-4">{areaText(rule)}</td>
              <td className="py-3 pr-4">
                <LevelSelect rule={rule} />
              </td>
              <td className="py-3 text-right">
                <RemoveButton rule={rule} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <ul className="grid grid-cols-1 gap-3 md:hidden" aria-label="Sensitive species">
        {rules.map((rule) => (
          <li key={rule.id} className="grid grid-cols-1 gap-3 rounded-lg border p-4">
            <div className="grid gap-0.5 text-sm">
              <Name rule={rule} />
              <span>
                <CommonName rule={rule} />
              </span>
              <span className="text-muted-foreground">
                {rule.area ? `In ${rule.area.name ?? 'an unnamed area'}` : 'Everywhere'}
              </span>
            </div>
            <div className="flex items-center gap-2">
              <LevelSelect rule={rule} />
              <RemoveButton rule={rule} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The rule's level, saved at once; the new one shows while it is saved. */
function LevelSelect({ rule }: { rule: SensitiveTaxon }) {
  const change = useChangeSensitiveLevel();
  const [chosen, setChosen] = useState<SensitiveLevel>();
  const choose = (level: SensitiveLevel) => {
    setChosen(level);
    change.mutate(
      { id: rule.id, level },
      {
        onSuccess: () =>
          toast.success(`${ruleLabel(rule)} is now ${levelTitles[level].toLowerCase()}`),
        onError: (error) =>
          toast.error('Not changed', { description: errorMessage(error, 'Please try again.') }),
        onSettled: () => setChosen((latest) => (latest === level ? undefined : latest)),
      },
    );
  };
  return (
    <NativeSelect
      aria-label={`Level of ${ruleLabel(rule)}`}
      className="min-w-32"
      value={chosen ?? rule.level}
      onChange={(event) => choose(event.target.value as SensitiveLevel)}
    >
      {sensitiveLevels.map((level) => (
        <NativeSelectOption key={level} value={level}>
          {levelTitles[level]}
        </NativeSelectOption>
      ))}
    </NativeSelect>
  );
}

function RemoveButton({ rule }: { rule: SensitiveTaxon }) {
  const remove = useRemoveSensitiveTaxon();
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={`Remove ${ruleLabel(rule)}`}
      disabled={remove.isPending}
      onClick={() =>
        // mutateAsync: the list read again takes this row (and a mutate's own callbacks) away
        remove.mutateAsync(rule.id).then(
          () =>
            toast.success('Rule removed', {
              description: `Logs of ${rule.scientificName} show again as their owners chose.`,
            }),
          (error: unknown) =>
            toast.error('Not removed', { description: errorMessage(error, 'Please try again.') }),
        )
      }
    >
      <Trash2 />
      Remove
    </Button>
  );
}
