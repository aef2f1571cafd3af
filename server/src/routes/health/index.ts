import type { FastifyPluginAsync } from 'fastify';

/** GET /api/v1/health: 200 {"status": "ok"} once the server can answer and its database responds. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/',
    {
      schema: {
        response: {
          200: { type: 'object', properties: { status: { type: 'string' } }, required: ['status'] },
        },
      },
    },
    async () => {
      app.db.prepare('SELECT 1').get();
      return { status: 'ok' };
    },
  );
};
