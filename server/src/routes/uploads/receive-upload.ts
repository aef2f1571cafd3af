/**
 * Multipart uploads of NetCDF files: the `file` field streamed to DATA_DIR/ingest-tmp under a unique name (never
 * held in memory), the other fields as text. Beyond `maxBytes` the partial file is removed and the reply is 413;
 * on a full disk it is removed too, and the reply is 507 'Недостаточно места на диске: …'.
 * The caller owns the file afterwards (the job removes it when it ends); on any failure here it is removed.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { diskFullReason, isDiskFull } from '../../disk/disk-full.ts';
import { HttpError } from '../../http-error.ts';
import { INGEST_TMP_DIR } from '../../ingest/fetch-file.ts';

export interface Upload {
  path: string;
  /** The client's file name, reduced to a safe last path part. */
  originalName: string;
  bytes: number;
  fields: Record<string, string>;
}

/** Register @fastify/multipart in this (encapsulated) plugin, with the upload limit. */
export async function registerMultipart(app: FastifyInstance, fieldSize = 1024): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { fileSize: app.config.importMaxBytes, files: 1, fields: 8, fieldSize, parts: 10 },
  });
}

const megabytes = (bytes: number) => (bytes / 1048576).toLocaleString('ru-RU', { maximumFractionDigits: 1 });

/** A file name fit for messages and provenance: the last path part, printable characters, at most 200. */
function safeName(name: string | undefined): string {
  const last = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = last.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200);
  return clean || 'upload.nc';
}

/** Receive the upload; text fields other than `allowedFields` are refused (422), as unknown JSON fields are. */
export async function receiveUpload(app: FastifyInstance, request: FastifyRequest, allowedFields: readonly string[]): Promise<Upload> {
  if (!request.isMultipart()) throw new HttpError(415, 'Ожидается multipart/form-data с полем file');
  const dir = join(app.config.dataDir, INGEST_TMP_DIR);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${randomUUID()}.upload`);
  const fields: Record<string, string> = {};
  let originalName: string | null = null;
  let bytes = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || originalName !== null) {
          part.file.resume();
          throw new HttpError(422, `Неожиданное файловое поле «${part.fieldname}»: ожидается одно поле file`);
        }
        originalName = safeName(part.filename);
        await pipeline(part.file, createWriteStream(path));
        if (part.file.truncated) throw new HttpError(413, `Файл больше допустимых ${megabytes(app.config.importMaxBytes)} МБ`);
        bytes = part.file.bytesRead;
      } else {
        if (!allowedFields.includes(part.fieldname)) {
          throw new HttpError(422, `Неизвестное поле «${part.fieldname}»: допустимы file${allowedFields.map((name) => `, ${name}`).join('')}`);
        }
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
    if (originalName === null) throw new HttpError(422, 'Нет файла: ожидается поле file с файлом NetCDF');
    if (bytes === 0) throw new HttpError(422, `Файл «${originalName}» пуст`);
    return { path, originalName, bytes, fields };
  } catch (error) {
    rmSync(path, { force: true });
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, `Файл больше допустимых ${megabytes(app.config.importMaxBytes)} МБ`);
    if (isDiskFull(error)) throw new HttpError(507, diskFullReason(`не удалось сохранить загруженный файл «${originalName ?? 'upload.nc'}»`));
    throw error;
  }
}
