/**
 * The ingest's own failure and its Russian reasons (shown as a job's message or a 422's detail). The
 * regridder's RegridError and the time axis' TimeStepError speak Russian too; see failure.ts.
 */
import { regridReasonsRu } from '../../../common/regrid/errors.ts';

export class IngestError extends Error {
  override name = 'IngestError';
}

/**
 * The source answered "not there yet" (HTTP 404/410, no file at the path or in the inbox for the date): a product
 * published late. The daily cycle asks again later instead of failing the date at once.
 */
export class DataNotYetError extends IngestError {
  override name = 'DataNotYetError';
}

export const ingestReasonsRu = {
  noIceVariable: (name: string) =>
    `В файле «${name}» нет переменных морского льда (сплочённость sea_ice_area_fraction, толщина sea_ice_thickness, дрейф): укажите их имена в описании продукта.`,
  notNetcdf: (name: string, detail: string) => `Файл «${name}» не является файлом NetCDF: ${detail}`,
  noOverlap: (name: string) => `Файл «${name}»: ${regridReasonsRu.noOverlap()}`,
} as const;
