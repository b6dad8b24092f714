import { topSpeciesRankings, type TopSpeciesRanking } from '../../../common/stats';
import { ChoiceToggle } from './choice-toggle';
import { rankingTexts } from './stats-format';

const options = topSpeciesRankings.map((ranking) => ({
  value: ranking,
  label: rankingTexts[ranking].toggle,
}));

/** Individuals or Logs: what ranks and measures the top species (issue 23). */
export function RankingToggle({
  value,
  onChange,
}: {
  value: TopSpeciesRanking;
  onChange: (ranking: TopSpeciesRanking) => void;
}) {
  return (
    <ChoiceToggle label="Rank species by" options={options} value={value} onChange={onChange} />
  );
}
