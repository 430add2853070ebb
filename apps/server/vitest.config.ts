import { configDefaults, defineProject } from 'vitest/config';
import { ISOLATED_TEST_FILES } from './isolated-tests';
import { TIMED_TEST_FILES } from './timed-tests';

export const serverTestOptions = {
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // On PostgreSQL, the migrated database each test file's database is copied from.
  globalSetup: ['test/postgres-template.ts'],
};

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...TIMED_TEST_FILES, ...ISOLATED_TEST_FILES],
    ...serverTestOptions,
    // Each test file builds its own app on its own database, so the files of a worker can share
    // its loaded modules: loading the app's few hundred modules again for every file took most of
    // the project's time. Files that mock a module run isolated (isolated-tests.ts).
    isolate: false,
  },
});
