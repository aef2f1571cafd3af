/** Which chosen model's run the map shows: one toggle per model, like the lead-time buttons. */
import { ru } from '../../i18n/ru.ts';

export function RunSwitch({ modelIds, active, onChange }: { modelIds: string[]; active: string; onChange: (modelId: string) => void }) {
  return (
    <div className="forecast-sidebar__group" role="group" aria-label={ru.generateForecast.run}>
      <span className="forecast-sidebar__title">{ru.generateForecast.run}</span>
      <div className="forecast-sidebar__buttons forecast-sidebar__buttons--column">
        {modelIds.map((modelId) => (
          <button
            key={modelId}
            type="button"
            className={modelId === active ? 'toggle is-active' : 'toggle'}
            aria-pressed={modelId === active}
            onClick={() => onChange(modelId)}
          >
            {ru.generateForecast.model(modelId)}
          </button>
        ))}
      </div>
    </div>
  );
}
