/**
 * The legend of the POLARIS layer: the three operational categories with their colours and RIO
 * ranges for the chosen class (below PC7 there is no elevated band), and how the ice type is derived.
 */
import { isPolarClass, RIO_CATEGORIES, type RioCategory } from '../../../../common/polaris/polaris.ts';
import { ru } from '../../../i18n/ru.ts';
import { CATEGORY_COLOURS, cssColour } from '../../../map/layers/polaris-layer/polaris-colours.ts';
import { useForecastMap } from '../store/store-context.ts';
import './polaris.css';

function rangeText(category: RioCategory, polar: boolean): string {
  const r = ru.polaris.legendRange;
  if (category === 'normal') return r.normal;
  if (category === 'elevated') return polar ? r.elevatedPolar : r.noElevated;
  return polar ? r.specialPolar : r.specialOther;
}

export function PolarisLegend() {
  const iceClass = useForecastMap((state) => state.iceClass);
  const polar = isPolarClass(iceClass);
  const title = ru.polaris.legendTitle(ru.polaris.classNames[iceClass]);
  return (
    <section className="forecast-legend polaris-legend" aria-label={title} data-testid="legend">
      <h3 className="forecast-legend__title">{title}</h3>
      <ul className="polaris-legend__list">
        {RIO_CATEGORIES.map((category) => (
          <li key={category} data-category={category} className={!polar && category === 'elevated' ? 'is-absent' : undefined}>
            <span className="polaris-legend__swatch" style={{ background: cssColour(CATEGORY_COLOURS[category]) }} />
            <span>{ru.polaris.categories[category]}</span>
            <span className="polaris-legend__range">{rangeText(category, polar)}</span>
          </li>
        ))}
      </ul>
      <p className="polaris-legend__note" data-testid="polaris-legend-note">
        {ru.polaris.legendNote}
      </p>
    </section>
  );
}
