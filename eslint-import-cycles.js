/**
 * No import cycles in src/, server/src/, workers/, common/, netcdf/ and browser/: a local ESLint rule, so `npm run lint` fails on the
 * import that closes a cycle. The import graph of the whole tree is built once per lint run (TypeScript's parser,
 * relative specifiers resolved as Vite and tsx resolve them); a cycle through `import type` counts as well, since it
 * ties the modules together for every reader even when nothing of it runs.
 *
 * importCycles(root, tops) -> arrays of root-relative files, each a strongly connected part of the graph (or a file
 * that imports itself), in a stable order.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|js|mjs)$/;
const SKIP = new Set(['node_modules', 'dist', 'data', 'out', '.git']);

function sourceFiles(root, dir) {
  const full = path.join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { withFileTypes: true }).flatMap((e) => {
    if (e.isDirectory()) return SKIP.has(e.name) ? [] : sourceFiles(root, `${dir}/${e.name}`);
    return SOURCE.test(e.name) && !e.name.endsWith('.d.ts') ? [`${dir}/${e.name}`] : [];
  });
}

/** Relative specifiers of every static import, re-export and dynamic `import('…')` of one file. */
function specifiers(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((s) => s.startsWith('.'));
}

/** The root-relative file a relative specifier of `from` names, as Vite and tsx resolve it; null if none. */
export function resolveImport(root, from, specifier) {
  const bare = specifier.replace(/\?.*$/, '');
  const base = path.posix.join(path.posix.dirname(from), bare);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((c) => SOURCE.test(c) && existsSync(path.join(root, c)) && statSync(path.join(root, c)).isFile()) ?? null;
}

/** Tarjan's strongly connected components over the files' import graph. */
export function importCycles(root, tops = ['src', 'server/src', 'workers', 'common', 'netcdf', 'browser']) {
  const files = tops.flatMap((top) => sourceFiles(root, top)).sort();
  const edges = new Map();
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const targets = specifiers(file, text).map((s) => resolveImport(root, file, s)).filter((t) => t !== null);
    edges.set(file, [...new Set(targets)]);
  }
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let counter = 0;
  const connect = (file) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!edges.has(next)) continue;
      if (!index.has(next)) {
        connect(next);
        low.set(file, Math.min(low.get(file), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file), index.get(next)));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const part = [];
    let top;
    do {
      top = stack.pop();
      onStack.delete(top);
      part.push(top);
    } while (top !== file);
    if (part.length > 1 || (edges.get(file) ?? []).includes(file)) cycles.push(part.sort());
  };
  for (const file of files) if (!index.has(file)) connect(file);
  return { cycles: cycles.sort((a, b) => a[0].localeCompare(b[0])), edges };
}

/**
 * ESLint plugin: `import-cycles/no-cycle` reports, in each file of a cycle, the imports that stay inside it.
 * @returns {import('eslint').ESLint.Plugin}
 */
export function importCyclesPlugin(root) {
  let graph = null;
  /** @type {import('eslint').Rule.RuleModule} */
  const rule = {
    meta: { type: 'problem', schema: [], messages: { cycle: 'Import cycle: {{files}}. Move what both sides need to a module of its own.' } },
    create(context) {
      graph ??= importCycles(root);
      const file = path.relative(root, context.filename).split(path.sep).join('/');
      const part = graph.cycles.find((c) => c.includes(file));
      if (!part) return {};
      const report = (node, specifier) => {
        const target = resolveImport(root, file, specifier);
        if (target !== null && part.includes(target)) context.report({ node, messageId: 'cycle', data: { files: part.join(', ') } });
      };
      const literal = (node) => (node && node.type === 'Literal' && typeof node.value === 'string' ? node.value : null);
      return {
        ImportDeclaration: (node) => report(node, node.source.value),
        ExportNamedDeclaration: (node) => node.source && report(node, node.source.value),
        ExportAllDeclaration: (node) => report(node, node.source.value),
        ImportExpression: (node) => literal(node.source) && report(node, literal(node.source)),
      };
    },
  };
  return { rules: { 'no-cycle': rule } };
}
