/**
 * The valid time of a chart from the form (ISO 8601) or from the file names the services use:
 * AARI `aari_arc_YYYYMMDD_pl_a` (00:00 UTC), DMI `YYYYMMDDHHMM_<area>_RIC|WA`, CIS `cis_SGRD??_YYYYMMDDTHHMMZ_pl_a`.
 * Also which service a name belongs to, when the form gives no source.
 */

const iso = (y: string, mo: string, d: string, h = '00', mi = '00'): string | null => {
  const text = `${y}-${mo}-${d}T${h}:${mi}:00Z`;
  const time = Date.parse(text);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 16) === text.slice(0, 16) ? new Date(time).toISOString() : null;
};

interface NamePattern {
  regex: RegExp;
  source: string;
  time: (m: RegExpMatchArray) => string | null;
}

const PATTERNS: NamePattern[] = [
  { regex: /aari_[a-z]+_(\d{4})(\d{2})(\d{2})_pl_a/i, source: 'ААНИИ', time: (m) => iso(m[1], m[2], m[3]) },
  { regex: /(?:^|[^\d])(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})_[A-Za-z0-9-]+_(?:RIC|WA)(?:[^A-Za-z]|$)/, source: 'DMI', time: (m) => iso(m[1], m[2], m[3], m[4], m[5]) },
  { regex: /cis_SGRD\w{2,3}_(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})Z_pl_a/i, source: 'CIS', time: (m) => iso(m[1], m[2], m[3], m[4], m[5]) },
];

/** The valid time (ISO 8601 UTC) and service of the first name that matches a pattern, else null. */
export function fromFileNames(names: readonly string[]): { validTime: string; source: string } | null {
  for (const name of names) {
    const base = name.split('/').pop() ?? name;
    for (const pattern of PATTERNS) {
      const match = base.match(pattern.regex);
      const validTime = match ? pattern.time(match) : null;
      if (validTime) return { validTime, source: pattern.source };
    }
  }
  return null;
}

/** A form's valid_time: ISO 8601 with a date (time and zone optional; no zone is UTC) → ISO UTC, else null. */
export function parseValidTime(text: string): string | null {
  const match = text.trim().match(/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/);
  if (!match) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', zone = 'Z'] = match;
  const zoneText = zone === 'Z' ? 'Z' : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const time = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}${zoneText}`);
  if (!Number.isFinite(time) || iso(y, mo, d) === null) return null;
  return new Date(time).toISOString();
}
