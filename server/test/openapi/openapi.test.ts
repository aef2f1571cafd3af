import { describe, expect, it } from 'vitest';
import { makeApp } from '../helpers.ts';

interface Operation {
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
  security?: Record<string, string[]>[];
}
type Spec = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { securitySchemes: Record<string, unknown> } };

async function spec(): Promise<Spec> {
  const { app } = await makeApp();
  const response = await app.inject({ url: '/api/v1/openapi.json' });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('GET /api/v1/openapi.json', () => {
  it('lists every API route with its parameters, body and reply statuses', async () => {
    const { app } = await makeApp();
    await app.ready();
    const document: Spec = (await app.inject({ url: '/api/v1/openapi.json' })).json();
    expect(document.openapi).toMatch(/^3\./);
    // Every route under /api/v1 that the server answers (from Fastify's own table), in OpenAPI's path syntax.
    const served = app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .map((line) => line.replace(/^[\s│├└─]+/, ''))
      .filter((line) => line.startsWith('/api/v1/') && !line.startsWith('/api/v1/openapi.json'))
      .map((line) => line.replace(/ \(.*\)$/, '').replace(/\/$/, '').replace(/:(\w+)/g, '{$1}'));
    expect(served.length).toBeGreaterThan(10);
    for (const path of served) expect(Object.keys(document.paths)).toContain(path);

    const job = document.paths['/api/v1/jobs/{id}'].get;
    expect(job.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path' })]));
    expect(Object.keys(job.responses)).toEqual(expect.arrayContaining(['200', '401', '404']));
    const hist = document.paths['/api/v1/forecast/hist'].get;
    expect(hist.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['date', 'model_id']));
    const generate = document.paths['/api/v1/models/generate'].post;
    expect(generate.requestBody).toMatchObject({ content: { 'application/json': { schema: { required: expect.arrayContaining(['content', 'prompt_id']) } } } });
    expect(Object.keys(generate.responses)).toEqual(expect.arrayContaining(['202', '401', '403', '422']));
  });

  it('declares the session cookie and the XSRF header, and which routes need them', async () => {
    const document = await spec();
    expect(document.components.securitySchemes).toMatchObject({
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'session' },
      xsrfHeader: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
    });
    expect(document.paths['/api/v1/health'].get.security).toBeUndefined();
    expect(document.paths['/api/v1/users/me'].get.security).toEqual([{ sessionCookie: [] }]);
    expect(document.paths['/api/v1/forecast/generate'].post.security).toEqual([{ sessionCookie: [], xsrfHeader: [] }]);
  });
});

describe('/api/docs', () => {
  it('serves Swagger UI from this server with its own CSP and no inline script', async () => {
    const { app } = await makeApp();
    const page = await app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    const html = page.body;
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src="\/api\/docs\/static\//); // a file of this server
      expect(body.trim()).toBe('');
    }
    const bundle = await app.inject({ url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    const initializer = await app.inject({ url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
  });
});
