/**
 * The datasets page (`GET /report/datasets`) for real data: each product of the product list is a dataset
 * (its name and description from the product list, else from the file's `title`/`summary`; the variables the
 * file gave), and so is the archive of merged analyses they fill. Refreshed after every ingest, so the page
 * shows what the last file really held.
 */
import type { Db } from '../db/database.ts';
import { FILE_VARIABLES } from '../../../common/forecast-file/variables.ts';
import { upsertDataset } from '../archive/forecast-repository.ts';
import type { Product } from './products.ts';

export interface DatasetInfo {
  /** The product-list entry; undefined for an inbox file. */
  product: Product | undefined;
  file: string;
  source: string;
  variables: string[];
  grid: string;
  title: string;
  summary: string;
  institution: string;
}

/** Which of our variables a source variable list fills (by what the ingest found). */
const TARGETS = [FILE_VARIABLES.concentration, FILE_VARIABLES.thickness];

export async function registerProductDatasets(
  db: Db,
  archive: { datasetId: string; datasetName: string; sourceLabel: string },
  inputs: DatasetInfo[],
): Promise<void> {
  const products = inputs.filter((input) => input.product);
  for (const input of products) {
    const product = input.product!;
    await upsertDataset(db, {
      dataset_id: product.id,
      dataset_name: product.name !== product.id ? product.name : input.title || product.id,
      metadata: {
        description: product.description || input.summary || input.title,
        variables: input.variables,
        target_variables: TARGETS,
        source: product.url ?? product.path ?? input.source,
        kind: 'real_product',
        file_title: input.title,
        institution: input.institution,
        grid: input.grid,
        last_file: input.file,
        part_of: archive.datasetId,
      },
    });
  }
  if (products.some((input) => input.product!.id === archive.datasetId)) return;
  await upsertDataset(db, {
    dataset_id: archive.datasetId,
    dataset_name: archive.datasetName,
    metadata: {
      description:
        `Анализы на сетке прогноза (0,05°), пересчитанные из реальных продуктов: ${archive.sourceLabel}` +
        (inputs.length && !products.length ? `; последний файл: ${inputs.map((input) => input.title || input.file).join('; ')}` : ''),
      variables: [...new Set(inputs.flatMap((input) => input.variables))],
      target_variables: TARGETS,
      source: archive.sourceLabel,
      kind: 'real_analysis',
      products: products.map((input) => input.product!.id),
      institution: [...new Set(inputs.map((input) => input.institution).filter(Boolean))].join('; '),
    },
  });
}
