/** The scorecard: models × leads, the period's means, each score coloured by better/worse than persistence. */
import { ru } from '../../i18n/ru.ts';
import type { ScorecardCell } from './scorecard.ts';
import { concentration, decimal, kilometres, signedPercent, skillClass } from './verification-format.ts';

const t = ru.verification;

/** A score beside persistence's: coloured as the skill says. */
function Score({ text, persistence, skill }: { text: string; persistence?: string; skill: number | null }) {
  return (
    <td className={`scorecard__cell is-${skillClass(skill)}`}>
      {text}
      {persistence !== undefined && <span className="scorecard__persistence"> ({persistence})</span>}
    </td>
  );
}

export function ScorecardTable({ cells }: { cells: readonly ScorecardCell[] }) {
  return (
    <table className="scorecard" data-testid="scorecard">
      <thead>
        <tr>
          <th scope="col">{t.model}</th>
          <th scope="col">{ru.mapTools.lead}</th>
          <th scope="col">{t.columns.iiee}</th>
          <th scope="col">{t.columns.edge}</th>
          <th scope="col">{t.columns.rmse}</th>
          <th scope="col">{t.columns.skillIiee}</th>
          <th scope="col">{t.columns.skillRmse}</th>
          <th scope="col">{t.columns.beats}</th>
          <th scope="col">{t.columns.runs}</th>
        </tr>
      </thead>
      <tbody>
        {cells.map((cell) => (
          <tr key={`${cell.model_id}|${cell.lead_hours}`} data-model={cell.model_id} data-lead={cell.lead_hours}>
            <th scope="row">{cell.model_id}</th>
            <td>{t.lead(cell.lead_hours)}</td>
            <Score
              text={cell.iiee_km2 === null ? '—' : decimal(cell.iiee_km2 / 1000, 1)}
              persistence={cell.persistence_iiee_km2 === null ? undefined : decimal(cell.persistence_iiee_km2 / 1000, 1)}
              skill={cell.skill_iiee}
            />
            <td>{kilometres(cell.edge_distance_km).replace(` ${t.km}`, '')}</td>
            <Score
              text={concentration(cell.conc_rmse)}
              persistence={cell.persistence_conc_rmse === null ? undefined : concentration(cell.persistence_conc_rmse)}
              skill={cell.skill_conc_rmse}
            />
            <Score text={signedPercent(cell.skill_iiee)} skill={cell.skill_iiee} />
            <Score text={signedPercent(cell.skill_conc_rmse)} skill={cell.skill_conc_rmse} />
            <td>{cell.beats_persistence_share === null ? '—' : `${Math.round(cell.beats_persistence_share * 100)} %`}</td>
            <td>{cell.runs}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
