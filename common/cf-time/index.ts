/** The one CF time reader of the product: see README.md. */
export { calendarOf, daysInMonth, isCalendarDate, type CalendarName } from './calendars.ts';
export { CfTimeError, cfTimeReasonsRu, SUPPORTED_CALENDARS } from './errors.ts';
export { parseCfTimeUnits, type CfDateTime, type CfTimeUnits, type TimeUnit } from './units.ts';
export { date2num, formatDateTime, formatDay, num2date, realTime, type RealTime } from './convert.ts';
export { timeSteps, type TimeStep, type TimeSteps } from './steps.ts';
