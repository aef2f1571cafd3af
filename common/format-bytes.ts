/**
 * '1,2 ГБ', '350 МБ', '1 ГБ': a size in Russian, in binary units as `df -h` counts them (1 КБ = 1024 Б), one decimal
 * below 10 of a unit, none from 10 up or for whole values. The server's messages (a full disk) and the app's
 * 'Задания' page say sizes the same way.
 */
const UNITS = ['Б', 'КБ', 'МБ', 'ГБ', 'ТБ'];

export function formatBytesRu(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = value < 10 && unit > 0 ? 1 : 0;
  // Number(…) drops a trailing zero: 1 ГБ, not 1,0 ГБ.
  return `${String(Number(value.toFixed(digits))).replace('.', ',')} ${UNITS[unit]}`;
}
