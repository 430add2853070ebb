import { defineProject } from 'vitest/config';
import { ISOLATED_TEST_FILES } from './isolated-tests';
import { serverTestOptions } from './vitest.config';

/** The server's test files that mock a module: each with modules of its own (isolated-tests.ts). */
export default defineProject({
  test: {
    name: 'server-isolated',
    include: ISOLATED_TEST_FILES,
    ...serverTestOptions,
  },
});
