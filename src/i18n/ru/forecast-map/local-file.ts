/** A NetCDF file from the user's disk on the map (src/features/forecast-map/local-file). */
import { regionNamesRu } from '../../../../common/regions/names-ru.ts';
import type { RegionId } from '../../../../common/regions/types.ts';
import { regridReasonsRu } from '../../../../common/regrid/errors.ts';

export const localFile = {
  title: 'Файл с диска',
  open: 'Открыть файл',
  close: 'Закрыть файл',
  hint: 'NetCDF-3 или NetCDF-4: откройте или перетащите файл на карту. Файл не отправляется на сервер.',
  dropHere: 'Отпустите файл, чтобы открыть его на карте',
  opening: 'Файл читается…',
  variable: 'Переменная файла',
  step: (dimension: string) => (dimension ? `Шаг (${dimension})` : 'Шаг'),
  grid: (description: string) => `Сетка файла: ${description}`,
  notNetcdf: 'Это не файл NetCDF-3 или NetCDF-4: его нельзя открыть.',
  truncated: 'Файл обрезан: данных в нём меньше, чем указано в заголовке.',
  unsupported: 'Файл использует возможность NetCDF, которую просмотр не поддерживает (например, сжатие SZIP).',
  noVariables: 'В файле нет двумерных числовых полей, которые можно показать на карте.',
  noValues: 'В этой переменной нет ни одного значения севернее 45° с. ш.',
  /** Not one value inside the region chosen in 'Район' (the file was regridded onto that region's grid). */
  noValuesInRegion: (region: RegionId) => `В этой переменной нет ни одного значения в районе «${regionNamesRu[region]}».`,
  /** Said under the file's grid when it was regridded onto the region's own grid (the whole Arctic). */
  regionGrid: (region: RegionId) => `Пересчитан на сетку района «${regionNamesRu[region]}».`,
  failed: 'Не удалось прочитать файл.',
  /** Why a grid cannot be placed (the regridder's own texts, shared with the server's jobs). */
  regrid: regridReasonsRu,
} as const;
