/** The forecast map page (src/features/forecast-map): sidebar, legend, readout, basemap, drift particles, the coarse preview, the link's speed. */
export const forecastMap = {
  date: 'Дата прогноза',
  assimilated: 'Ассимилированный прогноз',
  lead: 'Время прогноза',
  variable: 'Переменная',
  legendTitles: {
    sithick_GLORYS: 'Толщина льда, м',
    sea_ice_fraction_BREMEN: 'Доля льда',
    usi_vsi: 'Скорость дрейфа, м/с',
    POLARIS: 'POLARIS',
  },
  units: { m: 'м', 'm/s': 'м/с', '': '' },
  variableNames: {
    sithick_GLORYS: 'Толщина льда',
    sea_ice_fraction_BREMEN: 'Доля льда',
    usi_vsi: 'Дрейф льда',
    POLARIS: 'POLARIS',
  },
  north: 'с. ш.',
  south: 'ю. ш.',
  east: 'в. д.',
  west: 'з. д.',
  latitude: 'Широта',
  longitude: 'Долгота',
  value: 'Значение',
  noData: 'Нет данных',
  loadingDates: 'Загрузка списка дат...',
  noDates: 'Нет доступных прогнозов: данные ещё не загружены.',
  datesFailed: 'Не удалось получить список дат прогноза.',
  loadingFile: 'Загрузка файла прогноза',
  megabytes: (loaded: string, total: string | null) => (total ? `${loaded} из ${total} МБ` : `${loaded} МБ`),
  fileUnreadable: 'Файл прогноза не удалось прочитать: это не NetCDF-3 и не NetCDF-4.',
  fileNotFound: 'Файла прогноза на эту дату нет.',
  fileFailed: 'Не удалось загрузить файл прогноза.',
  variableMissing: 'В файле нет данных этой переменной.',
  driftPending: 'Дрейф льда показывается слоем частиц.',
  basemapTiles: 'Подложка: NASA Blue Marble (GIBS)',
  basemapOffline: 'Подложка: офлайн-карта Natural Earth (тайлы недоступны)',
  projectionGlobe: 'Показать глобус',
  projectionMercator: 'Показать проекцию Меркатора',
  zoomIn: 'Приблизить',
  zoomOut: 'Отдалить',
} as const;

export const particles = {
  unsupported: 'Дрейф льда нельзя показать: этому браузеру или видеокарте не хватает WebGL2 с буферами кадра в плавающей точке (EXT_color_buffer_float).',
} as const;

export const fieldPreview = {
  /** While the coarse preview is on the map and the full field is on its way. */
  refining: 'Предварительное поле: уточняется…',
  /** Before a value read from the preview: approximate. */
  approx: '≈',
} as const;

export const linkDecision = {
  /** A fast link: the whole file follows the first field; `rate` e.g. '94 Мбит/с', `threshold` '8 Мбит/с'. */
  whole: (rate: string, threshold: string) => `Быстрая связь (${rate}, порог ${threshold}): файл загружается целиком`,
  /** …and once it has arrived. */
  held: (rate: string, threshold: string) => `Быстрая связь (${rate}, порог ${threshold}): файл целиком в памяти, переключение без загрузки`,
  /** A slow link: slices one by one, previews first. */
  slices: (rate: string, threshold: string) => `Медленная связь (${rate}, порог ${threshold}): поля загружаются по одному`,
  /** Nothing measured (answers from the offline copy). */
  unmeasured: (threshold: string) => `Скорость связи не измерена (порог ${threshold}): поля загружаются по одному`,
  megabits: (value: string) => `${value} Мбит/с`,
  kilobits: (value: string) => `${value} кбит/с`,
  /** A rate beyond measuring (loopback: a body that took no time). */
  unlimited: 'без ограничения',
} as const;
