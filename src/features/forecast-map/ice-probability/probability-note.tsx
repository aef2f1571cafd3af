/** Under 'Режим' in 'Вероятность льда' mode: while it is made, how many forecasts made it, or that there are none. */
import { ru } from '../../../i18n/ru.ts';
import { useForecastMap } from '../store/store-context.ts';
import { membersText } from './probability-field.ts';

export function ProbabilityNote() {
  const mode = useForecastMap((state) => state.mode);
  const probability = useForecastMap((state) => state.probability);
  if (mode !== 'probability') return null;
  const text = probability === null ? ru.iceProbability.loading : probability === 'none' ? ru.iceProbability.none : `${ru.iceProbability.legendTitle}: ${membersText(probability.members)}`;
  return (
    <p className="forecast-sidebar__note" role="status" data-testid="probability-note">
      {text}
    </p>
  );
}
