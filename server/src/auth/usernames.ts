/**
 * Usernames as people read them. `normalizeUsername` applies NFKC (so full-width and compatibility forms
 * become their plain letters) and refuses invisible and control characters and names that mix Latin with
 * Cyrillic or Greek letters. `usernameSkeleton` maps look-alike letters to one representative, after
 * Unicode TS #39 ("skeleton"), so that `аdmin` with a Cyrillic а, `adm1n`, or `rnary` vs `mary`
 * count as the same name as an existing one (i, l, I, 1 and | are one class: over-inclusive on purpose). The table below is our own, small, and covers the Latin,
 * Cyrillic and Greek letters that are confused in practice; it is not the full Unicode confusables list.
 */

export type UsernameProblem = 'USERNAME_INVALID_CHARACTERS' | 'USERNAME_MIXED_SCRIPTS' | 'USERNAME_EMPTY';

/**
 * Control (Cc), format (Cf: zero-width space/joiners, bidi controls, soft hyphen), private-use (Co),
 * unassigned (Cn), line/paragraph separators, every space but U+0020, and invisible letters/marks: Hangul
 * fillers, the combining grapheme joiner, variation selectors, Mongolian vowel separator.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000\u115f\u1160\u3164\uffa0\u180e]|\u034f|[\ufe00-\ufe0f]/u;

/** The normalised name, or the problem with it. */
export function normalizeUsername(raw: string): { username: string } | { problem: UsernameProblem } {
  const username = raw.normalize('NFKC').trim();
  if (username === '') return { problem: 'USERNAME_EMPTY' };
  if (INVISIBLE.test(username)) return { problem: 'USERNAME_INVALID_CHARACTERS' };
  const latin = /\p{Script=Latin}/u.test(username);
  const cyrillic = /\p{Script=Cyrillic}/u.test(username);
  const greek = /\p{Script=Greek}/u.test(username);
  if (Number(latin) + Number(cyrillic) + Number(greek) > 1) return { problem: 'USERNAME_MIXED_SCRIPTS' };
  return { username };
}

/** Look-alikes → the Latin letter they pass for (applied after NFKC, before lower-casing). */
const CONFUSABLE: Record<string, string> = {
  // Cyrillic
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x',
  ѕ: 's', і: 'i', ї: 'i', ј: 'j', һ: 'h', ԁ: 'd', ԛ: 'q', ԝ: 'w', ӏ: 'l', ь: 'b',
  А: 'a', В: 'b', Е: 'e', Ё: 'e', К: 'k', М: 'm', Н: 'h', О: 'o', Р: 'p', С: 'c', Т: 't', У: 'y', Х: 'x',
  Ѕ: 's', І: 'i', Ј: 'j', Һ: 'h', Ӏ: 'l',
  // Greek
  α: 'a', β: 'b', ε: 'e', η: 'n', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ϲ: 'c',
  Α: 'a', Β: 'b', Ε: 'e', Ζ: 'z', Η: 'h', Ι: 'i', Κ: 'k', Μ: 'm', Ν: 'n', Ο: 'o', Ρ: 'p', Τ: 't', Υ: 'y',
  Χ: 'x',
  // Digits that pass for letters (i, l, I, 1 and | are one class, see below).
  '0': 'o',
};

/** After lower-casing: i, l (and so I), 1 and | all read as a vertical stroke. Over-inclusive on purpose. */
const STROKES = /[il1|]/g;

/** Sequences that read as one letter, applied after the single-letter map. */
const SEQUENCES: Array<[RegExp, string]> = [
  [/rn/g, 'm'],
  [/vv/g, 'w'],
];

/** One string per "looks the same" class of names. */
export function usernameSkeleton(username: string): string {
  let text = '';
  for (const char of username.normalize('NFKC')) text += CONFUSABLE[char] ?? char;
  text = text.toLowerCase().normalize('NFD').replace(/\p{Mn}/gu, '').replace(STROKES, 'l');
  for (const [pattern, replacement] of SEQUENCES) text = text.replace(pattern, replacement);
  return text;
}
