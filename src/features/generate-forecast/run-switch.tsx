/** Which chosen model's run the map shows: one toggle per model, like the lead-time buttons. */
import { ToggleButtons } from '../../components/toggle-buttons.tsx';
import { ru } from '../../i18n/ru.ts';

export function RunSwitch({ modelIds, active, onChange }: { modelIds: string[]; active: string; onChange: (modelId: string) => void }) {
  return (
    <div className="forecast-sidebar__group" role="group" aria-label={ru.generateForecast.run}>
      <span className="forecast-sidebar__title">{ru.generateForecast.run}</span>
      <ToggleButtons values={modelIds} active={active} onChange={onChange} label={(modelId) => ru.generateForecast.model(modelId)} column />
    </div>
  );
}
