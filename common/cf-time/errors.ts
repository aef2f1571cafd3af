/** A time axis the product refuses to guess at: the message is Russian and names what was refused. */
export class CfTimeError extends Error {
  override name = 'CfTimeError';
}

export const SUPPORTED_CALENDARS = 'standard, gregorian, proleptic_gregorian, noleap, 365_day, all_leap, 366_day, 360_day, julian';

export const cfTimeReasonsRu = {
  noCalendar: (name: string) =>
    `Календарь «${name}» у оси времени означает, что даты в файле не заданы: шаги нельзя отнести к дням (допустимы ${SUPPORTED_CALENDARS})`,
  unknownCalendar: (name: string) => `Неизвестный календарь оси времени «${name}»: допустимы ${SUPPORTED_CALENDARS}`,
  unknownUnit: (unit: string, units: string) =>
    `Единица времени «${unit}» в «${units}» не поддерживается: допустимы days, hours, minutes, seconds (и d, h, hr, min, s)`,
  inexactUnit: (unit: string, calendar: string) =>
    unit === 'months'
      ? `«months since» допустимо только в календаре 360_day, где месяц ровно 30 дней; у этого файла календарь «${calendar}»`
      : `«years since» допустимо только в календарях 360_day и 365_day (noleap), где длина года точная; у этого файла календарь «${calendar}»`,
  badDate: (units: string) => `Дата начала отсчёта в «${units}» не существует в календаре файла`,
  beforeYearOne: (calendar: string) => `Дата раньше 1 года н. э. в календаре «${calendar}» не поддерживается`,
};
