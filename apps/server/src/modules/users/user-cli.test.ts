import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const CLI = path.join(repoRoot, 'apps/server/src/modules/users/user-cli.ts');
const TSX = path.join(repoRoot, 'node_modules/.bin/tsx');

/** `npm run user`, as someone setting up a new installation runs it: a real process on a real (PGlite) database. */
describe('npm run user', () => {
  let dataDir: string;
  const user = (...args: string[]) =>
    run(TSX, [CLI, ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' } }).then(
      (done) => ({ code: 0, out: done.stdout, err: done.stderr }),
      (failed: { code: number; stdout: string; stderr: string }) => ({ code: failed.code, out: failed.stdout, err: failed.stderr }),
    );

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'newsreel-user-cli-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('creates a superuser, prints the generated password once, and adds roles to an existing account', async () => {
    const created = await user('create', '--email', 'Boss@Example.com', '--role', 'superuser', '--name', 'The Boss');
    expect(created.code, created.err).toBe(0);
    expect(created.out).toMatch(/^Created account Boss@Example.com \(id [0-9a-f-]{36}\): admin role superuser\./);
    expect(created.out).toMatch(/Its password: \S{20}/);

    const again = await user('create', '--email', 'boss@example.com', '--role', 'moderator');
    expect(again.code, again.err).toBe(0);
    expect(again.out).toMatch(/^Updated account boss@example.com/);
    expect(again.out).not.toMatch(/password/);

    const bad = await user('create', '--email', 'not-an-email');
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/--email must be an email address/);
    const weak = await user('create', '--email', 'weak@example.com', '--password', 'qwertyuiop');
    expect(weak.code).toBe(1);
    expect(weak.err).toMatch(/commonly used/);
    const unknownPublisher = await user('create', '--email', 'p@example.com', '--publisher', '00000000-0000-4000-8000-000000000000', '--account-role', 'admin');
    expect(unknownPublisher.code).toBe(1);
    expect(unknownPublisher.err).toMatch(/no publisher with id/);

    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    try {
      const rows = await database.db.selectFrom('users').leftJoin('admin_roles', 'admin_roles.user_id', 'users.id').select(['email', 'status', 'role']).execute();
      expect(rows).toEqual([{ email: 'Boss@Example.com', status: 1, role: 1 }]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
