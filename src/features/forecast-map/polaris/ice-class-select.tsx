/** The sidebar's 'Ледовый класс судна' selector: 12 classes, default PC7, kept in the URL. */
import { ICE_CLASSES, isIceClass } from '../../../../common/polaris/polaris.ts';
import { ru } from '../../../i18n/ru.ts';
import { useForecastMap } from '../store/store-context.ts';

export function IceClassSelect() {
  const iceClass = useForecastMap((state) => state.iceClass);
  const setIceClass = useForecastMap((state) => state.setIceClass);
  return (
    <label className="forecast-sidebar__group">
      <span className="forecast-sidebar__title">{ru.polaris.iceClass}</span>
      <select
        value={iceClass}
        onChange={(event) => isIceClass(event.target.value) && setIceClass(event.target.value)}
        data-testid="ice-class-select"
      >
        {ICE_CLASSES.map((id) => (
          <option key={id} value={id}>
            {ru.polaris.classNames[id]}
          </option>
        ))}
      </select>
    </label>
  );
}
