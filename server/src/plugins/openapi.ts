/**
 * The API contract published from the route schemas that already exist: OpenAPI 3 by @fastify/swagger at
 * GET /api/v1/openapi.json, and Swagger UI at /api/docs (@fastify/swagger-ui, assets served from this server,
 * no inline script; its own CSP header on its pages, `staticCSP`). Register before the routes: @fastify/swagger
 * collects them as they are added.
 *
 * Security, as the server checks it: a route guarded by requireUser / requireAdmin needs the `session` cookie;
 * one that also changes something (POST, PUT, PATCH, DELETE) needs the X-XSRF-TOKEN header (plugins/xsrf.ts).
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { requireAdmin, requireUser } from './guards.ts';

const OPENAPI_PATH = '/api/v1/openapi.json';
const DOCS_PREFIX = '/api/docs';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function hooks(route: RouteOptions | undefined): unknown[] {
  const onRequest = route?.onRequest;
  return onRequest === undefined ? [] : Array.isArray(onRequest) ? onRequest : [onRequest];
}

export async function setupOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Arctic sea-ice forecast viewer API',
        version: '1',
        description: 'Errors answer `{"detail": ...}`. Sign in with POST /api/v1/auth/jwt/login (form fields).',
      },
      components: {
        securitySchemes: {
          sessionCookie: { type: 'apiKey', in: 'cookie', name: 'session', description: 'Set by POST /api/v1/auth/jwt/login (HttpOnly).' },
          xsrfHeader: {
            type: 'apiKey',
            in: 'header',
            name: 'X-XSRF-TOKEN',
            description: 'Copy of the XSRF-TOKEN cookie; required on POST, PUT, PATCH and DELETE with a session.',
          },
        },
      },
    },
    hideUntagged: false,
    transform: ({ schema, url, route }) => {
      const guarded = hooks(route as RouteOptions).some((hook) => hook === requireUser || hook === requireAdmin);
      const methods = [route?.method ?? []].flat().map(String);
      const unsafe = methods.some((method) => UNSAFE_METHODS.has(method));
      const needs: Record<string, string[]> = unsafe ? { sessionCookie: [], xsrfHeader: [] } : { sessionCookie: [] };
      const documented: FastifySchema = { ...schema, ...(guarded && { security: [needs] }) };
      // Not part of the API: the docs' own pages.
      if (url.startsWith(DOCS_PREFIX)) documented.hide = true;
      // Routes mounted at their prefix's root are registered as '/health/'; clients (and Fastify) use '/health'.
      return { schema: documented, url: url.length > 1 ? url.replace(/\/$/, '') : url };
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
