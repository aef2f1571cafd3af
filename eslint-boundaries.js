/**
 * Who may import what, as the folder READMEs say it, turned into `no-restricted-imports` patterns so that a
 * forbidden import fails `npm run lint`. A rule names folders from the repository root ("server/src/routes");
 * for every source folder the rule's relative form as seen from there ("../../routes") becomes a regex over the
 * import specifier, so `../other-feature/x.ts` and `../../../server/x.ts` are caught alike.
 *
 * rules: [{ from, forbid, except?, message, tests?, exceptFrom? }]
 *   from    folder (root-relative) whose files the rule applies to, with every folder below it
 *   exceptFrom  folders below `from` (root-relative) the rule does not apply to
 *   forbid  root-relative folder or file that may not be imported
 *   except  regexes over the part of the path after `forbid/` that stay allowed
 *   tests   false: the rule does not apply to *.test.ts(x) files (test helpers may be imported there);
 *           'only': it applies to them alone
 * packages: [{ from, names: regex, message }] for bare imports (react in api/, fastify in db/, node: in common/).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

const SOURCE = /\.(ts|tsx|js|mjs)$/;
const SKIP = new Set(['node_modules', 'dist', 'data', 'out', '.git']);

function folders(root, dir) {
  const entries = readdirSync(path.join(root, dir), { withFileTypes: true });
  const here = entries.some((e) => e.isFile() && SOURCE.test(e.name)) ? [dir] : [];
  const below = entries.filter((e) => e.isDirectory() && !SKIP.has(e.name)).flatMap((e) => folders(root, `${dir}/${e.name}`));
  return [...here, ...below];
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const inside = (dir, folder) => dir === folder || dir.startsWith(`${folder}/`);

/** The regex that matches imports of `forbid` (but not its exceptions) written from a file in `dir`. */
function specifierRegex(dir, forbid, except = []) {
  let rel = path.posix.relative(dir, forbid);
  if (!rel.startsWith('..')) rel = `./${rel}`;
  const tail = except.length ? `(?!${except.join('|')})` : '';
  // a folder: anything below it; a file: that file
  return /\.[a-z]+$/.test(forbid) ? `^${escape(rel)}$` : `^${escape(rel)}/${tail}`;
}

export function boundaryConfigs(root, { rules, packages }) {
  const dirs = ['common', 'src', 'workers', 'server', 'netcdf', 'browser'].flatMap((top) => folders(root, top));
  const configs = [];
  for (const dir of dirs) {
    for (const tests of [false, true]) {
      const patterns = [];
      for (const rule of rules) {
        if (!inside(dir, rule.from) || inside(dir, rule.forbid) || (rule.exceptFrom ?? []).some((f) => inside(dir, f)) || (tests && rule.tests === false) || (!tests && rule.tests === 'only')) continue;
        patterns.push({ regex: specifierRegex(dir, rule.forbid, rule.except), message: rule.message });
      }
      for (const rule of packages) {
        if (inside(dir, rule.from)) patterns.push({ regex: rule.names, message: rule.message });
      }
      if (patterns.length === 0) continue;
      const files = tests ? [`${dir}/*.test.{ts,tsx}`] : [`${dir}/*.{ts,tsx,js,mjs}`];
      configs.push({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });
    }
  }
  return configs;
}
