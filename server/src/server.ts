/**
 * Entry point (`npm start`, `npm run serve`): load the configuration, build the app, listen, run the startup
 * tasks, and print where to open it. Everything else lives in app.ts.
 */
import { buildApp } from './app.ts';
import { loadConfigOrExit } from './config.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/demo-users.ts';
import { closeOnSignal } from './shutdown.ts';
import { runStartupTasks } from './startup.ts';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await buildApp(config);

  closeOnSignal(app.log, 'shutting down', () => app.close());

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
