/** Russian plural form of a count, for texts that take one: 1, 21 секунду; 2–4, 22 секунды; 5–20, 11–14 секунд. */
export function pluralForm(n: number): 'one' | 'few' | 'many' {
  if (n % 10 === 1 && n % 100 !== 11) return 'one';
  if (n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14)) return 'few';
  return 'many';
}
