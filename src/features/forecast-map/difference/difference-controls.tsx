/** 'Режим': 'Поле' / 'Разность', and which difference, in the sidebar's tools block. */
import { ToggleButtons } from '../../../components/toggle-buttons.tsx';
import { ru } from '../../../i18n/ru.ts';
import { VARIABLE_STYLES } from '../forecast-variables.ts';
import { useForecastMap } from '../store/store-context.ts';
import type { DifferenceKind } from './difference-math.ts';
import type { MapMode } from './difference-slice.ts';
import { ProbabilityNote } from '../ice-probability/probability-note.tsx';

const MODES: MapMode[] = ['field', 'difference', 'probability'];
const KINDS: DifferenceKind[] = ['runs', 'analysis'];

export function DifferenceControls() {
  const mode = useForecastMap((state) => state.mode);
  const kind = useForecastMap((state) => state.differenceKind);
  const difference = useForecastMap((state) => state.difference);
  const drift = useForecastMap((state) => VARIABLE_STYLES[state.variable].kind === 'drift');
  const setMode = useForecastMap((state) => state.setMode);
  const setKind = useForecastMap((state) => state.setDifferenceKind);
  return (
    <div className="map-tools__mode" role="group" aria-label={ru.mapTools.mode}>
      <span className="forecast-sidebar__title">{ru.mapTools.mode}</span>
      {/* One button a line: 'Вероятность льда' does not fit a third of the sidebar's row. */}
      <ToggleButtons values={MODES} active={mode} onChange={setMode} label={(value) => ru.mapTools.modes[value]} column />
      <ProbabilityNote />
      {mode === 'difference' && (
        <>
          {/* Buttons, one a line, not a select: 'Ассимилированный − свободный' is wider than the sidebar's select. */}
          <div className="map-tools__kinds" role="group" aria-label={ru.mapTools.difference}>
            <ToggleButtons values={KINDS} active={kind} onChange={setKind} label={(value) => ru.mapTools.differenceKinds[value]} column />
          </div>
          {drift && <p className="forecast-sidebar__note">{ru.mapTools.differenceDrift}</p>}
          {!drift && difference === 'none' && (
            <p className="forecast-sidebar__note" role="status">
              {ru.mapTools.differenceNone}
            </p>
          )}
        </>
      )}
    </div>
  );
}
