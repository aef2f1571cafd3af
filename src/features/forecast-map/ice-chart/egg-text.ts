/**
 * The Russian text under the egg: the total concentration, then each ice type (oldest first) with its stage's name
 * in the WMO nomenclature, its partial concentration where the chart gives one (and there is more than one type) and
 * its form, all from the values decoded on import (common/icecharts/).
 */
import type { IceChartPolygonProperties } from '../../../api/icecharts.ts';
import { formName } from '../../../../common/icecharts/forms.ts';
import { ru } from '../../../i18n/ru.ts';

const t = ru.iceChart;

function tenths(range: readonly [number, number]): string {
  if (range[1] === 0) return t.egg.tenths(0, 0);
  if (range[0] === 0 && range[1] <= 1) return t.egg.lessThanTenth;
  return t.egg.tenths(range[0], range[1]);
}

export function eggTextLines(props: Pick<IceChartPolygonProperties, 'poly_type' | 'ct' | 'stages' | 'fast_ice'>): string[] {
  if (props.poly_type === 'L') return [t.egg.land];
  if (props.poly_type === 'N') return [t.egg.noData];
  const lines = [props.ct ? t.egg.total(tenths(props.ct)) : t.egg.totalUnknown];
  if (props.fast_ice) lines.push(t.egg.fastIce);
  if (props.poly_type === 'W' || (props.ct && props.ct[1] === 0)) {
    lines.push(t.egg.water);
    return lines;
  }
  props.stages.forEach((stage, i) => {
    const form = formName(stage.form);
    const conc = stage.conc && props.stages.length > 1 ? tenths(stage.conc) : null;
    const line = t.egg.stage(i + 1, stage.name ?? t.egg.stageUnknown, conc);
    lines.push(form ? `${line}, ${t.egg.form(form)}` : line);
  });
  return lines;
}
