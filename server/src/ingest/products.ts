/**
 * Where real analyses come from: `ANALYSIS_SOURCE` and the product list it may name.
 *
 *   ANALYSIS_SOURCE=demo                 the synthetic analyses (default)
 *   ANALYSIS_SOURCE=dir:/srv/ice/inbox   every NetCDF file in the folder whose name holds the date
 *                                        (YYYYMMDD, YYYY-MM-DD or YYYY_MM_DD), filled by the site's own fetcher
 *   ANALYSIS_SOURCE=/etc/ice/products.json   a product list (below)
 *
 * A product list: `{"dataset_id"?, "dataset_name"?, "products": [product, ...]}`; a product is
 * `{"id", "name"?, "description"?, "url" | "path", "variables"?, "method"?, "preset"?}` where `url` is an
 * http(s) template and `path` a file path template; placeholders `{date}` (YYYY-MM-DD), `{yyyy}`, `{mm}`,
 * `{dd}`, each optionally shifted by whole days (`{dd-2d}`: the day two days before). `preset` copies a
 * preset's fields (`PRESETS` below) before the product's own. The analysis of a date merges every product's
 * variables (the first product that has a variable gives it).
 */
import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { VariableNames } from './variables.ts';
import { addDays } from '../../../common/utc-day.ts';

export interface Product {
  id: string;
  name: string;
  description: string;
  /** http(s) URL template, or `path` for a file on this machine. */
  url?: string;
  path?: string;
  variables: VariableNames;
  method: 'bilinear' | 'nearest';
}

export interface ProductList {
  /** The dataset the merged analyses are archived under (their `owner`). */
  dataset_id: string;
  dataset_name: string;
  products: Product[];
}

export type AnalysisSourceConfig =
  | { kind: 'demo' }
  | { kind: 'dir'; dir: string }
  | { kind: 'products'; file: string; list: ProductList };

/** Dataset id of analyses taken from a `dir:` inbox. */
export const INBOX_DATASET_ID = 'inbox_analysis';

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const PLACEHOLDER = /\{(date|yyyy|mm|dd)(?:([+-]\d{1,3})d)?\}/g;

/**
 * The public products, for `"preset": "<name>"` in a product list. URLs as published by the producers
 * (tested here only against the fixtures served from 127.0.0.1; see the README).
 */
export const PRESETS: Record<string, Omit<Product, 'id'>> = {
  // EUMETSAT OSI SAF OSI-401-d: daily sea-ice concentration, polar stereographic 10 km, files at 12 UTC.
  'osisaf-conc': {
    name: 'OSI SAF: сплочённость морского льда (OSI-401)',
    description: 'EUMETSAT OSI SAF, ежедневная сплочённость льда по данным SSMIS/AMSR2, полярная стереографическая сетка 10 км',
    url: 'https://thredds.met.no/thredds/fileServer/osisaf/met.no/ice/conc/{yyyy}/{mm}/ice_conc_nh_polstere-100_multi_{yyyy}{mm}{dd}1200.nc',
    variables: { concentration: 'ice_conc' },
    method: 'bilinear',
  },
  // OSI SAF OSI-405-c: low-resolution drift, displacements dX/dY (km) over 48 h ending at 12 UTC of the date.
  'osisaf-drift': {
    name: 'OSI SAF: дрейф морского льда (OSI-405)',
    description: 'EUMETSAT OSI SAF, дрейф льда за 48 ч (смещения dX/dY), полярная стереографическая сетка 62,5 км',
    url:
      'https://thredds.met.no/thredds/fileServer/osisaf/met.no/ice/drift_lr/merged/{yyyy}/{mm}/' +
      'ice_drift_nh_polstere-625_multi-oi_{yyyy-2d}{mm-2d}{dd-2d}1200-{yyyy}{mm}{dd}1200.nc',
    variables: { x_displacement: 'dX', y_displacement: 'dY', interval_hours: 48 },
    method: 'nearest',
  },
  // CMEMS ARCTIC_ANALYSISFORECAST_PHY_002_001 (TOPAZ5), dataset cmems_mod_arc_phy_anfc_6km_detided_P1D-m: needs a
  // Copernicus Marine account, so a site fetcher (copernicusmarine subset … --variable sithick) fills a folder.
  'cmems-arctic-thickness': {
    name: 'CMEMS Arctic: толщина морского льда (TOPAZ5)',
    description: 'Copernicus Marine ARCTIC_ANALYSISFORECAST_PHY_002_001 (TOPAZ5), суточные средние, сетка 6,25 км',
    path: '/srv/ice/cmems/{yyyy}/{mm}/cmems_mod_arc_phy_anfc_6km_detided_P1D-m_{yyyy}{mm}{dd}.nc',
    variables: { thickness: 'sithick', concentration: 'siconc', x_velocity: 'vxsi', y_velocity: 'vysi' },
    method: 'bilinear',
  },
};

class ProductListError extends Error {
  override name = 'ProductListError';
}


/** A URL or path template with the date's placeholders filled in. */
export function fillTemplate(template: string, date: string): string {
  return template.replace(PLACEHOLDER, (_, token: string, offset: string | undefined) => {
    const day = offset ? addDays(date, Number(offset)) : date;
    switch (token) {
      case 'date':
        return day;
      case 'yyyy':
        return day.slice(0, 4);
      case 'mm':
        return day.slice(5, 7);
      default:
        return day.slice(8, 10);
    }
  });
}

const VARIABLE_KEYS = new Set(['concentration', 'thickness', 'eastward', 'northward', 'x_velocity', 'y_velocity', 'x_displacement', 'y_displacement', 'interval_hours']);

function parseVariables(value: unknown, where: string): VariableNames {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ProductListError(`${where}.variables: expected an object`);
  const out: Record<string, string | number> = {};
  for (const [key, name] of Object.entries(value)) {
    if (!VARIABLE_KEYS.has(key)) throw new ProductListError(`${where}.variables.${key}: unknown role (expected one of ${[...VARIABLE_KEYS].join(', ')})`);
    if (key === 'interval_hours') {
      if (typeof name !== 'number' || !(name > 0)) throw new ProductListError(`${where}.variables.interval_hours: expected a positive number of hours`);
    } else if (typeof name !== 'string' || name === '') {
      throw new ProductListError(`${where}.variables.${key}: expected a variable name`);
    }
    out[key] = name as string | number;
  }
  return out as VariableNames;
}

function parseProduct(raw: unknown, index: number, baseDir: string): Product {
  const where = `products[${index}]`;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new ProductListError(`${where}: expected an object`);
  const given = raw as Record<string, unknown>;
  const known = new Set(['id', 'name', 'description', 'url', 'path', 'variables', 'method', 'preset']);
  for (const key of Object.keys(given)) if (!known.has(key)) throw new ProductListError(`${where}.${key}: unknown field`);
  let preset: Omit<Product, 'id'> | undefined;
  if (given.preset !== undefined) {
    preset = typeof given.preset === 'string' ? PRESETS[given.preset] : undefined;
    if (!preset) throw new ProductListError(`${where}.preset: expected one of ${Object.keys(PRESETS).join(', ')}`);
  }
  const id = given.id;
  if (typeof id !== 'string' || !ID.test(id)) throw new ProductListError(`${where}.id: expected letters, digits, '_' or '-' (up to 64)`);
  const text = (key: string, fallback: string): string => {
    const value = given[key];
    if (value === undefined) return fallback;
    if (typeof value !== 'string') throw new ProductListError(`${where}.${key}: expected a string`);
    return value;
  };
  const url = given.url !== undefined ? text('url', '') : given.path !== undefined ? undefined : preset?.url;
  const pathTemplate = given.path !== undefined ? text('path', '') : given.url !== undefined ? undefined : preset?.path;
  if (url !== undefined && pathTemplate !== undefined) throw new ProductListError(`${where}: give either "url" or "path", not both`);
  if (url === undefined && pathTemplate === undefined) throw new ProductListError(`${where}: needs "url" (http/https template) or "path" (file template)`);
  if (url !== undefined && !/^https?:\/\/[^/]+/i.test(url)) throw new ProductListError(`${where}.url: expected an http:// or https:// URL template`);
  const method = given.method ?? preset?.method ?? 'bilinear';
  if (method !== 'bilinear' && method !== 'nearest') throw new ProductListError(`${where}.method: expected "bilinear" or "nearest"`);
  return {
    id,
    name: text('name', preset?.name ?? id),
    description: text('description', preset?.description ?? ''),
    ...(url !== undefined ? { url } : { path: isAbsolute(pathTemplate!) ? pathTemplate! : resolve(baseDir, pathTemplate!) }),
    variables: { ...preset?.variables, ...parseVariables(given.variables, where) },
    method,
  };
}

/** Parse and check a product list (relative path templates are taken from `baseDir`). */
export function parseProductList(json: unknown, baseDir: string): ProductList {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new ProductListError('expected a JSON object with "products"');
  const given = json as Record<string, unknown>;
  for (const key of Object.keys(given)) {
    if (!['dataset_id', 'dataset_name', 'products'].includes(key)) throw new ProductListError(`${key}: unknown field`);
  }
  if (!Array.isArray(given.products) || given.products.length === 0) throw new ProductListError('products: expected a non-empty array');
  const products = given.products.map((raw, index) => parseProduct(raw, index, baseDir));
  const ids = new Set<string>();
  for (const product of products) {
    if (ids.has(product.id)) throw new ProductListError(`products: id "${product.id}" appears twice`);
    ids.add(product.id);
  }
  const datasetId = given.dataset_id ?? (products.length === 1 ? products[0].id : 'real_analysis');
  if (typeof datasetId !== 'string' || !ID.test(datasetId)) throw new ProductListError("dataset_id: expected letters, digits, '_' or '-' (up to 64)");
  const datasetName = given.dataset_name ?? (products.length === 1 ? products[0].name : `Анализы: ${products.map((p) => p.name).join('; ')}`);
  if (typeof datasetName !== 'string') throw new ProductListError('dataset_name: expected a string');
  return { dataset_id: datasetId, dataset_name: datasetName, products };
}

/** `ANALYSIS_SOURCE` → what it names; throws an Error saying what is expected (config.ts reports it at start). */
export function parseAnalysisSource(raw: string): AnalysisSourceConfig {
  const value = raw.trim();
  if (value === 'demo') return { kind: 'demo' };
  if (value.startsWith('dir:')) {
    const dir = resolve(value.slice(4));
    if (value.length <= 4) throw new Error('expected dir:PATH with a folder');
    return { kind: 'dir', dir };
  }
  const file = resolve(value);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`expected demo, dir:PATH or a product list file; cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, {
      cause: error,
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`product list ${file} is not JSON: ${(error as Error).message}`, { cause: error });
  }
  try {
    return { kind: 'products', file, list: parseProductList(json, resolve(file, '..')) };
  } catch (error) {
    throw new Error(`product list ${file}: ${(error as Error).message}`, { cause: error });
  }
}
