import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { migrate } from '../../db/migrate';
import { passwordProblem } from '../auth/passwords';
import { ACCOUNT_ROLE_NAMES, ADMIN_ROLE_NAMES, provisionAccount } from './account-provisioning';

/**
 * `npm run user -- create --email E [--name N] [--password P] [--role superuser|moderator]
 *   [--publisher ID --account-role admin|member] [--vendor ID --account-role admin|member]`
 *
 * Creates an active account from the shell (the first superuser of a new installation, say), or
 * gives an existing one the roles named. Without --password a strong one is generated and printed
 * once. The database is DATABASE_URL, else the embedded PGlite in DATA_DIR/db.
 */
const USAGE =
  'Usage: npm run user -- create --email E [--name N] [--password P] [--role superuser|moderator] [--publisher ID] [--vendor ID] [--account-role admin|member]';

function choice<T extends Record<string, number>>(flag: string, raw: string | undefined, names: T): T[keyof T] | undefined {
  if (raw === undefined) return undefined;
  if (!(raw in names)) throw new Error(`--${flag} must be one of ${Object.keys(names).join(', ')} (got "${raw}")`);
  return names[raw as keyof T];
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      publisher: { type: 'string' },
      vendor: { type: 'string' },
      'account-role': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help || positionals[0] !== 'create') {
    console.log(USAGE);
    if (!values.help) process.exitCode = 2;
    return;
  }
  const email = values.email?.trim();
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error(`--email must be an email address. ${USAGE}`);
  const adminRole = choice('role', values.role, ADMIN_ROLE_NAMES);
  const accountRole = choice('account-role', values['account-role'], ACCOUNT_ROLE_NAMES);
  if ((values.publisher || values.vendor) && accountRole === undefined) throw new Error('--account-role admin|member is required with --publisher or --vendor');
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  for (const flag of ['publisher', 'vendor'] as const) {
    if (values[flag] !== undefined && !uuid.test(values[flag])) throw new Error(`--${flag} must be the id (a UUID) of a ${flag}`);
  }
  const generated = values.password === undefined;
  const password = values.password ?? randomBytes(15).toString('base64url');
  const problem = passwordProblem(password, email);
  if (problem) throw new Error(`--password: ${problem.message}`);

  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
  try {
    await migrate(database.db);
    const { db } = database;
    if (values.publisher && !(await db.selectFrom('publishers').select('id').where('id', '=', values.publisher).executeTakeFirst())) {
      throw new Error(`There is no publisher with id ${values.publisher}.`);
    }
    if (values.vendor && !(await db.selectFrom('vendors').select('id').where('id', '=', values.vendor).executeTakeFirst())) {
      throw new Error(`There is no vendor with id ${values.vendor}.`);
    }
    const { userId, created } = await provisionAccount(db, {
      email,
      name: values.name?.trim() || email.split('@')[0]!,
      password,
      adminRole,
      publisher: values.publisher ? { id: values.publisher, role: accountRole! } : undefined,
      vendor: values.vendor ? { id: values.vendor, role: accountRole! } : undefined,
    });
    const roles = [
      values.role && `admin role ${values.role}`,
      values.publisher && `${values['account-role']} of publisher ${values.publisher}`,
      values.vendor && `${values['account-role']} of vendor ${values.vendor}`,
    ].filter(Boolean);
    console.log(`${created ? 'Created' : 'Updated'} account ${email} (id ${userId})${roles.length ? `: ${roles.join(', ')}` : ''}.`);
    if (created && generated) console.log(`Its password: ${password}  (shown once; the user can change it after signing in)`);
    if (!created && values.password) console.log('The account existed, so its password was left as it was.');
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
