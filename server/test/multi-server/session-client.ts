/**
 * A signed-in client as a browser is one: a cookie jar (the session and XSRF cookies) sent to whichever server it
 * talks to, and the X-XSRF-TOKEN header on state-changing requests. Lets a test sign in on one API server and
 * carry the session to another.
 */

export interface Reply {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export class SessionClient {
  private readonly cookies = new Map<string, string>();

  /** POST /auth/jwt/login on `server` (the demo accounts' password is "demo"). */
  async signIn(server: string, email: string, password = 'demo'): Promise<Reply> {
    const reply = await this.send(server, 'POST', '/api/v1/auth/jwt/login', new URLSearchParams({ username: email, password }));
    if (reply.status !== 204) throw new Error(`sign-in as ${email} on ${server}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply;
  }

  get(server: string, path: string): Promise<Reply> {
    return this.send(server, 'GET', path);
  }

  post(server: string, path: string, json?: unknown): Promise<Reply> {
    return this.send(server, 'POST', path, json === undefined ? undefined : JSON.stringify(json));
  }

  async send(server: string, method: string, path: string, body?: string | URLSearchParams): Promise<Reply> {
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf && method !== 'GET') headers['x-xsrf-token'] = xsrf;
    if (typeof body === 'string') headers['content-type'] = 'application/json';
    const reply = await fetch(`${server}${path}`, { method, headers, body });
    for (const line of reply.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const type = reply.headers.get('content-type') ?? '';
    const raw = Buffer.from(await reply.arrayBuffer());
    const parsed = type.includes('json') && raw.length ? JSON.parse(raw.toString()) : raw;
    return { status: reply.status, headers: reply.headers, body: parsed };
  }

  /** The cookies as they are now (to replay them after a sign-out, as a stolen cookie would be). */
  snapshot(): Map<string, string> {
    return new Map(this.cookies);
  }

  restore(cookies: Map<string, string>): void {
    this.cookies.clear();
    for (const [name, value] of cookies) this.cookies.set(name, value);
  }
}

/** Poll GET /jobs/{id} on `server` until `done(job)` holds; returns that job. */
export async function waitForJob(
  client: SessionClient,
  server: string,
  id: number,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  done: (job: any) => boolean = (job) => job.status === 'succeeded' || job.status === 'failed',
  timeoutMs = 60_000,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reply = await client.get(server, `/api/v1/jobs/${id}`);
    if (reply.status === 200 && done(reply.body)) return reply.body;
    if (Date.now() > deadline) throw new Error(`job ${id} on ${server}: condition not met, last ${reply.status} ${JSON.stringify(reply.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
