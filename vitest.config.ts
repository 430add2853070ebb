import os from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for every unit and API test; each workspace keeps its own config beside its code.
export default defineConfig({
  test: {
    // The server's timed tests run on their own once the rest are done (apps/server/timed-tests.ts).
    // The server's files that mock a module run in a project of their own (apps/server/isolated-tests.ts).
    // The web app's `*.test.tsx` run in jsdom (web), its `*.test.ts` in node (web-logic) unless the
    // file asks for jsdom.
    projects: [
      'packages/contracts',
      'apps/server/vitest.config.ts',
      'apps/server/vitest.isolated.config.ts',
      'apps/server/vitest.timed.config.ts',
      'apps/web/vitest.config.ts',
      'apps/web/vitest.logic.config.ts',
    ],
    // Vitest leaves one core to its main process, which only waits: on CI's two cores that ran
    // every test file one after another. A test file's worker waits on its database or jsdom as
    // much as it computes, so one worker a core keeps the machine busy.
    maxWorkers: os.availableParallelism(),
  },
});
