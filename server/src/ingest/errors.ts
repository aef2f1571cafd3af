/**
 * The ingest's own failure and its Russian reasons (shown as a job's message or a 422's detail). The
 * regridder's RegridError and the time axis' TimeStepError speak Russian too; see failure.ts.
 */
import { regridReasonsRu } from '../../../common/regrid/errors.ts';

export class IngestError extends Error {
  override name = 'IngestError';
}

export const ingestReasonsRu = {
  noIceVariable: (name: string) =>
    `В файле «${name}» нет переменных морского льда (сплочённость sea_ice_area_fraction, толщина sea_ice_thickness, дрейф): укажите их имена в описании продукта.`,
  notNetcdf: (name: string, detail: string) => `Файл «${name}» не является файлом NetCDF: ${detail}`,
  noOverlap: (name: string) => `Файл «${name}»: ${regridReasonsRu.noOverlap()}`,
} as const;
