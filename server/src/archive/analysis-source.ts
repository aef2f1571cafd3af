/**
 * Where analyses come from, as the archive names them: the dataset they are archived under and the label their
 * files carry. The demo source computes its analyses (no internet here); a real source's are downloaded and
 * regridded by server/src/ingest/ (ANALYSIS_SOURCE, `analysisSourceOf`) and archived beside them before the
 * archive reads them. The archive stores whatever the source gives as files, so models and metrics never care
 * which source it was.
 */
import { DEMO_SOURCE, demoAnalysis } from './demo-analysis.ts';
import type { Grid } from '../grid/grid.ts';
import type { IceState } from '../grid/ice-state.ts';

export interface AnalysisSource {
  /** The dataset the analyses are archived under. */
  datasetId: string;
  datasetName: string;
  /** Written into every file's `source` attribute. */
  sourceLabel: string;
  description: string;
  /** A source that computes its analyses (the demo) computes the missing one of a date; an ingested one has none. */
  analysis?: (date: string, grid: Grid) => Promise<IceState> | IceState;
}

export const demoSource: Required<AnalysisSource> = {
  datasetId: 'demo_analysis',
  datasetName: 'Демонстрационные данные: архив анализов',
  sourceLabel: DEMO_SOURCE,
  description:
    'Синтетические ежедневные анализы морского льда (демонстрационные данные): сезонный ход сплочённости ' +
    'с кромкой льда, толщина 0–4 м, дрейф из бездивергентной функции тока (трансарктический дрейф). ' +
    'Сетка 0,05° × 0,05°, 50–115° в. д., 66–90° с. ш.; суша по Natural Earth.',
  analysis: (date, grid) => demoAnalysis(date, grid),
};
