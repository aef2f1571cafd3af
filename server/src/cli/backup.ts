/**
 * `npm run backup -- --to DIR` and `npm run restore -- --from DIR` (DATA_DIR and DATABASE_URL as the server's):
 * see server/src/backup/. Exit status: 0 done, 1 the backup or restore failed, 2 bad usage or configuration.
 */
import { parseArgs } from 'node:util';
import { backup } from '../backup/backup.ts';
import { restore } from '../backup/restore.ts';
import { loadConfigOrExit } from '../config.ts';

const USAGE = `Usage:
  npm run backup -- --to DIR      a consistent copy of DATA_DIR's database (SQLite) and indexed files, while the server runs
  npm run restore -- --from DIR   into an empty DATA_DIR
With DATABASE_URL the database is pg_dump's and pg_restore's (README, 'Backups'); these copy the files.`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ options: { to: { type: 'string' }, from: { type: 'string' } }, allowPositionals: true });
  const command = positionals[0];
  const config = loadConfigOrExit();
  const target = { dataDir: config.dataDir, databaseUrl: config.databaseUrl };
  if (command === 'backup' && values.to) {
    const manifest = await backup(target, values.to);
    console.log(`backup in ${values.to}: ${manifest.engine === 'sqlite' ? 'the database, ' : ''}${manifest.files.length} files${manifest.extra.length ? `, ${manifest.extra.join(', ')}` : ''}`);
    for (const skipped of manifest.skipped) console.error(`not copied: ${skipped.path} (${skipped.reason})`);
    return 0;
  }
  if (command === 'restore' && values.from) {
    const manifest = await restore(values.from, config.dataDir);
    console.log(`restored into ${config.dataDir}: ${manifest.files.length} files of the backup of ${manifest.created_at}`);
    return 0;
  }
  console.error(USAGE);
  return 2;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  },
);
