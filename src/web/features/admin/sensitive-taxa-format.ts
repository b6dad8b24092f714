import type { SensitiveLevel, SensitiveTaxon } from '../../../common/sensitive-taxa';

export const levelTitles: Record<SensitiveLevel, string> = {
  obscured: 'Obscured',
  private: 'Private',
};

/** The rule's name, with its area when it holds only there (one name may have several rules). */
export const ruleLabel = ({
  scientificName,
  area,
}: Pick<SensitiveTaxon, 'scientificName' | 'area'>) =>
  area ? `${scientificName} in ${area.name ?? 'an unnamed area'}` : scientificName;
