/**
 * Entry point (`npm start`, `npm run serve`): load the configuration, build the app, listen, run the startup
 * tasks, and print where to open it. Everything else lives in app.ts. A database that does not answer yet is
 * waited for (database-wait.ts): the process never exits for it.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfigOrExit } from './config.ts';
import { unavailableStand, unlessStopped, untilDatabaseAnswers } from './database-wait.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/demo-users.ts';
import { closeOnSignal } from './shutdown.ts';
import { runStartupTasks } from './startup.ts';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  // The app's own logger exists once it is built; this one (same level and format) speaks while waiting.
  const { log } = Fastify({ logger: { level: config.logLevel } });
  const stand = unavailableStand(config, log);
  const waiting = new AbortController();
  const started: { app?: FastifyInstance } = {};
  closeOnSignal(log, 'shutting down', async () => {
    waiting.abort();
    await stand.close();
    await started.app?.close();
  });
  const app = await untilDatabaseAnswers('the server', log, () => buildApp(config), {
    signal: waiting.signal,
    onFirstWait: (reason) => stand.listen(reason),
  }).catch(unlessStopped(waiting.signal));
  started.app = app;
  await stand.close();

  // Listen first: during the startup tasks (the first-start demo build) health reports their progress and
  // the app shows that it is preparing data, instead of the browser failing to connect.
  app.startup.status = 'starting';
  await app.listen({ port: config.port, host: config.host });
  app.log.info('listening; running the startup tasks');
  await runStartupTasks(app);

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const lines = [`Arctic sea-ice forecast viewer: http://${host}:${port}/`];
  if (config.demo) {
    lines.push(`Demo accounts (password "${DEMO_PASSWORD}"):`);
    for (const account of DEMO_ACCOUNTS) lines.push(`  ${account.email.padEnd(18)} ${account.role}`);
  }
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error);
  process.exit(1);
});
