/**
 * Writing a real analysis or an imported forecast into the archive with its provenance: the NetCDF file of its
 * region (the sector's layout, or a projected region's: ../archive/region-state-file.ts; the forecast files'
 * variables and attributes, plus where the data came from and the original `history` with our step appended)
 * through a temporary name and a rename, then its index row and provenance rows (keyed by the file, region
 * included) in one transaction. Until that transaction commits nothing lists or serves the new file; a crash before it
 * leaves at most an unlisted file, never a listed half-written one.
 */
import { statSync } from 'node:fs';
import type { Selectable } from 'kysely';
import { nowText, type Db } from '../db/database.ts';
import type { IngestProvenanceTable } from '../db/schema.ts';
import { makeEtag, type ArchiveContext } from '../archive/pipeline.ts';
import { relativeFilePath, resolveInside, writeFileAtomic } from '../archive/file-store.ts';
import { stateFileLayout, type FileMetadata } from '../archive/forecast-file.ts';
import { sha256Of } from '../archive/file-integrity.ts';
import { removeCompressedCopies } from '../archive/copy-checksum.ts';
import { findFile, recordFile, type FileRecord } from '../archive/forecast-repository.ts';
import { isPlanarGrid, type StateGrid } from '../grid/grid.ts';
import type { IceState } from '../grid/ice-state.ts';
import { encodeNetcdf3, type NcFile } from '../../../netcdf/nc3/writer.ts';
import { regionFileLayout } from '../../../netcdf/region-file/index.ts';
import type { AttributeValue } from '../../../netcdf/types.ts';
import type { PlanarGrid } from '../../../common/planar-grid.ts';
import { regionById, type Region } from '../../../common/regions/index.ts';

export interface ProvenanceInput {
  /** Product id, 'inbox' (dir: source) or 'upload' (an import). */
  product: string;
  /** URL or absolute path it was read from; for an upload, 'upload:' and the uploaded name. */
  source: string;
  originalName: string;
  sha256: string;
  bytes: number;
  /** The variables taken, the source grid, the file's own title/institution. */
  details: Record<string, unknown>;
  /** The original file's global attributes (their `history` is kept and appended to). */
  attributes: Record<string, AttributeValue>;
}

/**
 * A provenance row as the report shows it: the table's columns (schema.ts) without its id and region (an external
 * model's imports are the sector's), `details` parsed.
 */
export type ProvenanceRecord = Omit<Selectable<IngestProvenanceTable>, 'id' | 'details' | 'region'> & { details: Record<string, unknown> };

const text = (value: AttributeValue | undefined): string => (typeof value === 'string' ? value.replace(/[\0\s]+$/, '') : '');

/** How our history line names the grid written: the sector's 0.05°, or a projected region's plane and cell. */
function gridLabel(region: Region): string {
  if (region.kind === 'latlon') return `the forecast grid (${region.grid.dlat}°)`;
  return `the ${region.id} grid (${region.crs}, ${Math.abs(region.grid.dx) / 1000} km)`;
}

/** The global attributes that say where the data came from, for the written file. */
function provenanceAttributes(inputs: ProvenanceInput[], now: string, region: Region): Record<string, string> {
  const join = (pick: (input: ProvenanceInput) => string) => inputs.map(pick).join('; ');
  const histories = inputs
    .map((input) => text(input.attributes.history))
    .filter(Boolean)
    .join('\n');
  const ours = inputs.map((input) => `${now} regridded onto ${gridLabel(region)} from ${input.originalName} (sha256 ${input.sha256}) by the arctic-ice-forecast-viewer server`);
  const titles = join((input) => text(input.attributes.title) || input.originalName);
  const institutions = inputs.map((input) => text(input.attributes.institution)).filter(Boolean);
  return {
    history: [histories, ...ours].filter(Boolean).join('\n'),
    source_product: join((input) => input.product),
    source_url: join((input) => input.source),
    source_file: join((input) => input.originalName),
    source_sha256: join((input) => input.sha256),
    source_title: titles,
    ...(institutions.length ? { institution: institutions.join('; ') } : {}),
  };
}

/** The file's layout on its region's grid: the sector's, or a projected region's (states on its plane). */
function layoutIn(region: Region, states: IceState<StateGrid>[], meta: FileMetadata): NcFile {
  if (region.kind === 'latlon') return stateFileLayout(states as IceState[], meta);
  const planar = states.filter((state): state is IceState<PlanarGrid> => isPlanarGrid(state.grid));
  if (planar.length !== states.length) throw new Error(`states for region ${region.id} must lie on its grid`);
  return regionFileLayout(
    region,
    planar.map(({ thickness, concentration, u, v }) => ({ thickness, concentration, u, v })),
    meta,
  );
}

/**
 * Write `states` (one per lead; one for an analysis) as the `meta.kind` file of `meta.model` on `meta.date` in
 * `region` (the sector unless named), replacing any earlier file of that key, with the inputs' provenance.
 * Returns the indexed record.
 */
export async function storeWithProvenance(
  ctx: Pick<ArchiveContext, 'db' | 'dataDir'>,
  states: IceState<StateGrid>[],
  meta: FileMetadata,
  inputs: ProvenanceInput[],
  userId: number | null,
  region: Region = regionById('sector'),
): Promise<FileRecord> {
  const layout = layoutIn(region, states, meta);
  const now = new Date().toISOString();
  layout.attributes = { ...layout.attributes, ...provenanceAttributes(inputs, now, region) };
  const bytes = encodeNetcdf3(layout);
  const rel = relativeFilePath(meta.kind, meta.model, meta.date, region.id);
  const full = resolveInside(ctx.dataDir, rel);
  writeFileAtomic(full, bytes);
  // Compressed copies of a file this one replaces would otherwise be served for it.
  removeCompressedCopies(full);
  const { size, mtimeMs } = statSync(full);
  await ctx.db.transaction().execute(async (trx) => {
    // The sector's ETags stay as they were; another region's name it (as the pipeline's do).
    const etag = makeEtag(meta.kind, region.id === 'sector' ? meta.model : `${meta.model}-${region.id}`, meta.date, size, mtimeMs);
    const file = { kind: meta.kind, owner: meta.model, date: meta.date, region: region.id, path: rel, bytes: size, etag, sha256: sha256Of(bytes), mtime_ms: mtimeMs };
    await recordFile(trx, file);
    await replaceProvenance(trx, file, inputs, userId);
  });
  return (await findFile(ctx.db, meta.kind, meta.model, meta.date, region.id))!;
}

async function replaceProvenance(db: Db, file: Pick<FileRecord, 'kind' | 'owner' | 'date' | 'region'>, inputs: ProvenanceInput[], userId: number | null): Promise<void> {
  const { kind, owner, date, region } = file;
  await db.deleteFrom('ingest_provenance').where('kind', '=', kind).where('owner', '=', owner).where('date', '=', date).where('region', '=', region).execute();
  // One insert per input, in order: ids keep the inputs' order (a file's rows read by id come back as given).
  for (const input of inputs) {
    await db
      .insertInto('ingest_provenance')
      .values({
        kind,
        owner,
        date,
        region,
        product: input.product,
        source: input.source,
        original_name: input.originalName,
        sha256: input.sha256,
        bytes: input.bytes,
        details: JSON.stringify(input.details),
        user_id: userId,
        created_at: nowText(),
      })
      .execute();
  }
}

const PROVENANCE_COLUMNS = ['kind', 'owner', 'date', 'product', 'source', 'original_name', 'sha256', 'bytes', 'details', 'user_id', 'created_at'] as const;

/** The newest provenance row of an owner's files of `kind` (an external model's latest import), if any. */
export async function latestProvenance(db: Db, kind: string, owner: string): Promise<ProvenanceRecord | undefined> {
  const row = await db
    .selectFrom('ingest_provenance')
    .select(PROVENANCE_COLUMNS)
    .where('kind', '=', kind)
    .where('owner', '=', owner)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { ...row, details: JSON.parse(row.details) as Record<string, unknown> };
}
