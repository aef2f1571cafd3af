/**
 * The regridder's one error type. `message` is the Russian reason shown to the user (the map page's message,
 * the server job's failure text); `code` lets callers branch and tests assert without matching text.
 */

export type RegridErrorCode =
  /** The variable has fewer than two dimensions, or they are not its horizontal ones. */
  | 'not-a-field'
  /** Neither latitude/longitude nor projected x/y with a grid mapping could be found. */
  | 'no-coordinates'
  /** A grid mapping we cannot turn into a projection (unknown name, bad proj4 string, missing parameters). */
  | 'unknown-projection'
  /** Coordinates that are not usable: wrong length, all missing, not monotonic. */
  | 'bad-coordinates'
  /** Units we do not know how to convert to the product's (e.g. "furlongs"). */
  | 'unknown-units'
  /** Values whose length does not match the grid or mapping they are used with (a caller's bug). */
  | 'size-mismatch'
  /** The source's footprint does not cover any cell of the target grid (callers decide whether that is fatal). */
  | 'no-overlap';

export class RegridError extends Error {
  readonly code: RegridErrorCode;
  constructor(code: RegridErrorCode, message: string) {
    super(message);
    this.name = 'RegridError';
    this.code = code;
  }
}

/** The Russian reasons, one per code (re-exported as ru.localFile.regrid, src/i18n/ru/forecast-map/local-file.ts, for the interface). */
export const regridReasonsRu = {
  notAField: (variable: string) =>
    `Переменная «${variable}» не является полем на карте: у неё меньше двух измерений по горизонтали.`,
  noCoordinates: (variable: string) =>
    `Не удалось определить сетку переменной «${variable}»: в файле нет ни широты и долготы, ни координат x/y с описанием проекции (grid_mapping).`,
  unknownProjection: (detail: string) => `Проекция сетки не поддерживается: ${detail}.`,
  badCoordinates: (variable: string, detail: string) =>
    `Координаты сетки переменной «${variable}» непригодны: ${detail}.`,
  unknownUnits: (variable: string, units: string) =>
    `Неизвестные единицы измерения «${units}» у переменной «${variable}».`,
  sizeMismatch: (expected: number, got: number) =>
    `Размер поля (${got} значений) не совпадает с сеткой (${expected} значений).`,
  noOverlap: () => 'Данные файла не покрывают область прогноза.',
} as const;
