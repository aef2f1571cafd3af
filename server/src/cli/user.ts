/**
 * Manage accounts without the web UI (uses DATA_DIR like the server):
 *   npm run user -- create --email a@b.c --username a [--role user|admin|superuser]
 *       password from USER_PASSWORD, else prompted when run in a terminal
 *   npm run user -- set-role --email a@b.c --role superuser
 *   npm run user -- list
 * Exit status: 0 done, 1 the operation failed (taken email, unknown user), 2 bad usage or configuration.
 */
import { parseArgs } from 'node:util';
import { hashPassword } from '../auth/password.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase, type Db } from '../db/database.ts';
import {
  createUser,
  DuplicateUserError,
  isRoleName,
  listUsers,
  ROLE_NAMES,
  setUserRole,
  type RoleName,
} from '../db/users.ts';
import { promptPassword } from './prompt-password.ts';

const USAGE = `Usage:
  npm run user -- create --email EMAIL --username NAME [--role ${ROLE_NAMES.join('|')}]
      (password from the USER_PASSWORD environment variable, or asked for in a terminal)
  npm run user -- set-role --email EMAIL --role ${ROLE_NAMES.join('|')}
  npm run user -- list
The database is DATA_DIR/app.db (DATA_DIR defaults to ./data).`;

/** Same rule as registration. */
const MIN_PASSWORD_LENGTH = 8;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

class UsageError extends Error {}
class FailedError extends Error {}

function required(values: { email?: string; username?: string }, name: 'email' | 'username'): string {
  const value = values[name]?.trim();
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
}

function role(value: string | undefined, fallback?: RoleName): RoleName {
  if (value === undefined && fallback) return fallback;
  if (value === undefined) throw new UsageError('--role is required');
  if (!isRoleName(value)) throw new UsageError(`--role must be one of ${ROLE_NAMES.join(', ')} (got "${value}")`);
  return value;
}

function email(value: string): string {
  if (!EMAIL_PATTERN.test(value)) throw new UsageError(`"${value}" is not an email address`);
  return value.toLowerCase();
}

async function password(): Promise<string> {
  let value = process.env.USER_PASSWORD;
  if (value === undefined) {
    if (!process.stdin.isTTY) throw new UsageError('set USER_PASSWORD (no terminal to ask for the password)');
    value = await promptPassword('Password: ');
    if (value !== (await promptPassword('Repeat password: '))) throw new UsageError('the passwords differ');
  }
  if (value.length < MIN_PASSWORD_LENGTH) {
    throw new UsageError(`the password must have at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  return value;
}

async function run(args: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      email: { type: 'string' },
      username: { type: 'string' },
      role: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...extra] = positionals;
  if (values.help || command === 'help') {
    console.log(USAGE);
    return;
  }
  if (!command) throw new UsageError('no command given');
  if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"`);

  // Validate everything the command needs before touching the database.
  let action: (db: Db) => void | Promise<void>;
  if (command === 'create') {
    const input = {
      email: email(required(values, 'email')),
      username: required(values, 'username'),
      role: role(values.role, 'user'),
    };
    const passwordHash = await hashPassword(await password());
    action = async (db) => {
      try {
        const user = await createUser(db, { ...input, passwordHash });
        console.log(`created user ${user.id}: ${user.email} (${user.username}), role ${user.role.name}`);
      } catch (error) {
        if (error instanceof DuplicateUserError) throw new FailedError(`that ${error.field} is already taken`);
        throw error;
      }
    };
  } else if (command === 'set-role') {
    const target = email(required(values, 'email'));
    const newRole = role(values.role);
    action = async (db) => {
      const user = await setUserRole(db, target, newRole);
      if (!user) throw new FailedError(`no user with email ${target}`);
      console.log(`${user.email} now has role ${user.role.name}`);
    };
  } else if (command === 'list') {
    action = async (db) => {
      const rows = (await listUsers(db)).map((u) =>
        [u.id, u.email, u.username, u.role.name, u.is_active ? '' : 'disabled', u.is_demo ? 'demo' : ''].join('\t'),
      );
      console.log(['id\temail\tusername\trole\tstatus\tkind', ...rows].join('\n'));
    };
  } else {
    throw new UsageError(`unknown command "${command}"`);
  }

  const config = loadConfig();
  // DATABASE_URL set: the PostgreSQL the servers use; else DATA_DIR's SQLite file.
  const db = await openDatabase(config, { poolSize: 1 });
  try {
    await action(db);
  } finally {
    await db.destroy();
  }
}

run(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof FailedError) {
      console.error(`error: ${error.message}`);
      process.exit(1);
    }
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`error: ${(error as Error).message}\n\n${USAGE}`);
      process.exit(2);
    }
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  },
);
