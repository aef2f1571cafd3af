/**
 * Where to go after signing in: the `redirect` search parameter of /login, set by the guard to the page the
 * visitor asked for. Only a path of this origin is accepted ('/forecasts?date=2026-11-21'); anything that
 * could leave the site (`https://evil.example`, `//evil.example`, `/\evil.example`, `javascript:`) or loop back
 * to /login is dropped, and the user lands on the dashboard instead.
 */
const BASE = 'http://same-origin.invalid';

export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  // Control characters and whitespace are never in a path the router built; browsers strip some of them.
  for (let k = 0; k < value.length; k++) {
    const code = value.charCodeAt(k);
    if (code <= 0x20 || code === 0x7f) return undefined;
  }
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== BASE || url.pathname === '/login') return undefined;
  return url.pathname + url.search + url.hash;
}

/**
 * /login's search parameters: `redirect` survives only when it is safe. The key is always returned (undefined
 * when unsafe): TanStack Router keeps raw search keys the validator leaves out.
 */
export function validateLoginSearch(search: Record<string, unknown>): { redirect?: string } {
  return { redirect: safeRedirect(search.redirect) };
}
