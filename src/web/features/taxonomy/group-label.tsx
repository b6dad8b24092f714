import {
  Bird,
  Bug,
  Fish,
  Leaf,
  PawPrint,
  Shell,
  Snail,
  Sprout,
  Turtle,
  type LucideIcon,
} from 'lucide-react';
import { TAXON_GROUP_LABELS, type TaxonGroup } from '../../../common/taxon-groups';

// What kind of organism a picker's result is (issue 34): an icon and a word, so that "Robinia"
// (a tree) is not taken for a robin.

const ICONS: Partial<Record<TaxonGroup, LucideIcon>> = {
  bird: Bird,
  mammal: PawPrint,
  reptile: Turtle,
  amphibian: Turtle,
  fish: Fish,
  insect: Bug,
  arachnid: Bug,
  mollusc: Snail,
  animal: Shell,
  plant: Leaf,
  fungus: Sprout,
};

export function GroupLabel({ group }: { group: TaxonGroup }) {
  const Icon = ICONS[group];
  return (
    <span className="ml-auto flex shrink-0 items-center gap-1 text-xs text-muted-foreground">
      {Icon && <Icon className="size-3.5" aria-hidden="true" />}
      {TAXON_GROUP_LABELS[group]}
    </span>
  );
}
