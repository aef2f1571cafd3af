/** 4xx answers produced before a route runs (Node's HTTP parser, Fastify's router) still carry {"detail"}. */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { makeApp } from '../helpers.ts';

/** Send raw bytes to the listening app and read the whole answer (the server closes the connection). */
async function raw(port: number, request: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1]);
      resolve({ status, body: data.slice(data.indexOf('\r\n\r\n') + 4) });
    });
    socket.end(request);
  });
}

async function listening() {
  const { app } = await makeApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

describe('early errors', () => {
  it('431 for a URL longer than the header limit', async () => {
    const port = await listening();
    const reply = await raw(port, `GET /api/v1/health?x=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(reply.status).toBe(431);
    expect(JSON.parse(reply.body)).toEqual({ detail: 'Request header fields (or the URL) too large' });
  });

  it('400 for a malformed Content-Length', async () => {
    const port = await listening();
    const reply = await raw(port, 'POST /api/v1/auth/jwt/login HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\nConnection: close\r\n\r\n');
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body)).toEqual({ detail: 'Invalid Content-Length header' });
  });

  it('400 for a URL that cannot be decoded', async () => {
    const { app } = await makeApp();
    const response = await app.inject({ url: '/api/v1/%' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Malformed URL' });
  });
});
