/** A chart that cannot be imported, with the reason in Russian naming the fault (shown as it is: 422, a failed job). */
export class ChartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChartError';
  }
}

/** The sentences of the import's refusals, one place for the route, the job and the tests. */
export const chartReasonsRu = {
  notZip: (name: string) => `Файл «${name}» не является zip-архивом: ожидается архив (.zip или .imz) с набором SIGRID-3 (.shp, .shx, .dbf, .prj)`,
  badZip: (name: string, why: string) => `Архив «${name}» не читается: ${why}`,
  noShp: (name: string) => `В архиве «${name}» нет файла .shp: ожидается набор SIGRID-3 (.shp, .shx, .dbf, .prj)`,
  severalShp: (name: string, files: string[]) => `В архиве «${name}» несколько наборов .shp (${files.join(', ')}): ожидается одна карта`,
  noDbf: (shp: string) => `В архиве нет файла .dbf к «${shp}»: без него нет кодов ледовой карты`,
  noPrj: (shp: string) => `В архиве нет файла .prj к «${shp}»: проекция карты неизвестна`,
  badPrj: (prj: string, why: string) => `Файл .prj «${prj}» не читается: ${why}`,
  noSigrid: (missing: string[]) => `Нет полей SIGRID-3: ${missing.join(', ')} (в файле .dbf их нет — это не ледовая карта SIGRID-3)`,
  noPolygons: (shp: string) => `В файле «${shp}» нет полигонов`,
  notPolygons: (shp: string, type: string) => `В файле «${shp}» не полигоны, а ${type}: ледовая карта SIGRID-3 состоит из полигонов`,
  badShp: (shp: string, why: string) => `Файл «${shp}» не читается: ${why}`,
  noValidTime: (name: string) =>
    `Срок действия карты не определён: в имени «${name}» нет даты (aari_arc_ГГГГММДД_pl_a, ГГГГММДДЧЧММ_<район>_RIC|WA, cis_SGRD??_ГГГГММДДTЧЧММZ_pl_a) — укажите valid_time`,
  noValidTimeInInbox: (name: string) =>
    `Срок действия карты не определён: в имени «${name}» нет даты (aari_arc_ГГГГММДД_pl_a, ГГГГММДДЧЧММ_<район>_RIC|WA, cis_SGRD??_ГГГГММДДTЧЧММZ_pl_a) — файл из папки CHART_SOURCE не загружен`,
  badValidTime: (value: string) => `Поле valid_time должно быть датой и временем ISO 8601 (например 2014-02-11T00:00:00Z), получено ${JSON.stringify(value)}`,
  exists: (source: string, validTime: string, id: number | null) =>
    `Карта ${source} на ${validTime} уже загружена${id === null ? '' : ` (№ ${id})`}: чтобы заменить её, отправьте replace=1`,
  noSource: (name: string) => `Источник карты не определён по имени «${name}»: укажите source (ААНИИ, NIC, CIS, DMI, MET Norway)`,
};
