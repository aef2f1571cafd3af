/**
 * Files that can be superseded under the same URL are revalidated instead of cached as immutable: the analysis
 * of a date (a real one ingested or imported after the demo's, a re-import) and an external model's imported
 * run (imported again). The ETag changes with the file, so an unchanged one costs a 304.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findModel } from '../../archive/forecast-repository.ts';
import { EXTERNAL_MODEL_TYPE } from '../../ingest/external-model.ts';
import { CACHE_CONTROL } from './send-netcdf.ts';

const REVALIDATE = 'private, no-cache';

/** Add to a plugin: its replies sent as immutable become `private, no-cache` when `when(request)` holds. */
export function revalidateReplies(app: FastifyInstance, when: (request: FastifyRequest) => boolean | Promise<boolean> = () => true): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.getHeader('cache-control') === CACHE_CONTROL && (await when(request))) reply.header('cache-control', REVALIDATE);
    return payload;
  });
}

/** True for a request naming an external model (`?model_id=`), whose runs are imported files. */
export function namesExternalModel(app: FastifyInstance): (request: FastifyRequest) => Promise<boolean> {
  return async (request) => {
    const modelId = (request.query as { model_id?: unknown } | undefined)?.model_id;
    return typeof modelId === 'string' && (await findModel(app.db, modelId))?.model_type === EXTERNAL_MODEL_TYPE;
  };
}
