/**
 * Writing a real analysis or an imported forecast into the archive with its provenance: the NetCDF file
 * (the forecast files' variables and attributes, plus where the data came from and the original `history`
 * with our step appended) through a temporary name and a rename, then its index row and provenance rows in
 * one transaction. Until that transaction commits nothing lists or serves the new file; a crash before it
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
import type { IceState } from '../grid/ice-state.ts';
import { encodeNetcdf3 } from '../../../netcdf/nc3/writer.ts';
import type { AttributeValue } from '../../../netcdf/types.ts';

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

/** A provenance row as read back: the table's columns (schema.ts) without its id, `details` parsed. */
export type ProvenanceRecord = Omit<Selectable<IngestProvenanceTable>, 'id' | 'details'> & { details: Record<string, unknown> };

const text = (value: AttributeValue | undefined): string => (typeof value === 'string' ? value.replace(/[\0\s]+$/, '') : '');

/** The global attributes that say where the data came from, for the written file. */
function provenanceAttributes(inputs: ProvenanceInput[], now: string): Record<string, string> {
  const join = (pick: (input: ProvenanceInput) => string) => inputs.map(pick).join('; ');
  const histories = inputs
    .map((input) => text(input.attributes.history))
    .filter(Boolean)
    .join('\n');
  const ours = inputs.map((input) => `${now} regridded onto the forecast grid (0.05°) from ${input.originalName} (sha256 ${input.sha256}) by the arctic-ice-forecast-viewer server`);
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

/**
 * Write `states` (one per lead; one for an analysis) as the `meta.kind` file of `meta.model` on `meta.date`,
 * replacing any earlier file of that key, with the inputs' provenance. Returns the indexed record.
 */
export async function storeWithProvenance(
  ctx: Pick<ArchiveContext, 'db' | 'dataDir'>,
  states: IceState[],
  meta: FileMetadata,
  inputs: ProvenanceInput[],
  userId: number | null,
): Promise<FileRecord> {
  const layout = stateFileLayout(states, meta);
  const now = new Date().toISOString();
  layout.attributes = { ...layout.attributes, ...provenanceAttributes(inputs, now) };
  const bytes = encodeNetcdf3(layout);
  const rel = relativeFilePath(meta.kind, meta.model, meta.date);
  const full = resolveInside(ctx.dataDir, rel);
  writeFileAtomic(full, bytes);
  // Compressed copies of a file this one replaces would otherwise be served for it.
  removeCompressedCopies(full);
  const { size, mtimeMs } = statSync(full);
  await ctx.db.transaction().execute(async (trx) => {
    const etag = makeEtag(meta.kind, meta.model, meta.date, size, mtimeMs);
    await recordFile(trx, { kind: meta.kind, owner: meta.model, date: meta.date, path: rel, bytes: size, etag, sha256: sha256Of(bytes), mtime_ms: mtimeMs });
    await replaceProvenance(trx, meta.kind, meta.model, meta.date, inputs, userId);
  });
  return (await findFile(ctx.db, meta.kind, meta.model, meta.date))!;
}

async function replaceProvenance(db: Db, kind: string, owner: string, date: string, inputs: ProvenanceInput[], userId: number | null): Promise<void> {
  await db.deleteFrom('ingest_provenance').where('kind', '=', kind).where('owner', '=', owner).where('date', '=', date).execute();
  // One insert per input, in order: ids keep the inputs' order (a file's rows read by id come back as given).
  for (const input of inputs) {
    await db
      .insertInto('ingest_provenance')
      .values({
        kind,
        owner,
        date,
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
