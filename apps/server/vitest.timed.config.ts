import { defineProject } from 'vitest/config';
import { TIMED_TEST_FILES } from './timed-tests';
import { serverTestOptions } from './vitest.config';

/** The server's tests that measure time: one file at a time, once every other project is done. */
export default defineProject({
  test: {
    name: 'server-timed',
    include: TIMED_TEST_FILES,
    ...serverTestOptions,
    maxWorkers: 1,
    sequence: { groupOrder: 1 },
  },
});
