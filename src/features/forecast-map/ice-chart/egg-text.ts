/**
 * The Russian text under the egg: the total concentration, then each ice type (oldest first) with its stage, its
 * partial concentration where the chart gives one and its form, from the values decoded on import.
 */
import type { ChartPolygonProperties, TenthsRange } from '../../../api/icecharts.ts';
import { ru } from '../../../i18n/ru.ts';
import { normalised } from './egg-code.ts';

const t = ru.iceChart;

function tenths(range: TenthsRange): string {
  if (range[1] === 0) return t.egg.tenths(0, 0);
  if (range[0] === 0 && range[1] <= 1) return t.egg.lessThanTenth;
  return t.egg.tenths(range[0], range[1]);
}

const FORM_FIELDS = ['FA', 'FB', 'FC'] as const;

export function eggTextLines(props: ChartPolygonProperties): string[] {
  if (props.poly_type === 'L') return [t.egg.land];
  if (props.poly_type === 'N') return [t.egg.noData];
  const lines = [props.ct ? t.egg.total(tenths(props.ct)) : t.egg.totalUnknown];
  if (props.fast_ice) lines.push(t.egg.fastIce);
  if (props.poly_type === 'W' || (props.ct && props.ct[1] === 0)) {
    lines.push(t.egg.water);
    return lines;
  }
  props.stages.forEach((stage, i) => {
    const formName = t.forms[normalised(props[FORM_FIELDS[i]])];
    const conc = stage.conc && props.stages.length > 1 ? tenths(stage.conc) : null;
    const line = t.egg.stage(i + 1, stage.stage ?? t.egg.stageUnknown, conc);
    lines.push(formName ? `${line}, ${t.egg.form(formName)}` : line);
  });
  return lines;
}
