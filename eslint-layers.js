/**
 * Homes that do not climb: the server's folders stand in layers, lowest first, and a file may import only from
 * its own layer or a lower one (STYLE.md 15). `npm run lint` fails on an import that climbs, and on a file whose
 * folder has no place in the list yet (a new folder is given one, so that what it may import is decided once).
 *
 * layers: [[entry, ...], ...], lowest first; an entry is a folder or a file, relative to `base`. A file belongs to
 * the longest entry it lies in; entries of one layer may import each other.
 */
import path from 'node:path';
import { resolveImport } from './eslint-import-cycles.js';

/** The layer index of a root-relative file, or -1 outside `base`, or null inside it but in no entry. */
export function layerOf(file, base, layers) {
  if (!file.startsWith(`${base}/`)) return -1;
  const inside = file.slice(base.length + 1);
  let best = null;
  let bestLength = -1;
  layers.forEach((entries, index) => {
    for (const entry of entries) {
      const hit = inside === entry || inside.startsWith(`${entry}/`);
      if (hit && entry.length > bestLength) {
        best = index;
        bestLength = entry.length;
      }
    }
  });
  return best;
}

const name = (layers, index) => layers[index].join(', ');

/**
 * ESLint plugin: `layers/no-climb` with options `{base, layers}`.
 * @returns {import('eslint').ESLint.Plugin}
 */
export function layersPlugin(root) {
  /** @type {import('eslint').Rule.RuleModule} */
  const rule = {
    meta: {
      type: 'problem',
      schema: [{ type: 'object', properties: { base: { type: 'string' }, layers: { type: 'array' } }, required: ['base', 'layers'], additionalProperties: false }],
      messages: {
        climb: '{{target}} ({{to}}) stands above {{file}} ({{from}}): a lower folder never imports a higher one. Move what both need down, or pass it in.',
        unplaced: '{{file}} lies in no layer of {{base}}: give its folder a place in the layer list (eslint.config.js).',
      },
    },
    create(context) {
      const { base, layers } = context.options[0];
      const file = path.relative(root, context.filename).split(path.sep).join('/');
      const from = layerOf(file, base, layers);
      if (from === -1) return {};
      if (from === null) {
        return { Program: (node) => context.report({ node, messageId: 'unplaced', data: { file, base } }) };
      }
      const check = (node, specifier) => {
        if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
        const target = resolveImport(root, file, specifier);
        if (target === null) return;
        const to = layerOf(target, base, layers);
        if (to === null || to === -1 || to <= from) return;
        context.report({ node, messageId: 'climb', data: { file, target, from: name(layers, from), to: name(layers, to) } });
      };
      return {
        ImportDeclaration: (node) => check(node, node.source.value),
        ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
        ExportAllDeclaration: (node) => check(node, node.source.value),
        ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
      };
    },
  };
  return { rules: { 'no-climb': rule } };
}
