import { configDefaults, defineProject } from 'vitest/config';
import { TIMED_TEST_FILES } from './timed-tests';

export const serverTestOptions = { testTimeout: 30_000, hookTimeout: 60_000 };

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...TIMED_TEST_FILES],
    ...serverTestOptions,
  },
});
