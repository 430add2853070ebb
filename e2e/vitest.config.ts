import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Browser test files that check how long something takes (events stored within 2 s, a message
 * hiding after 5 s, a poll offered after 10 s, media time advancing, 400 events a second through
 * a crash): they run one at a time once the others are done, so no other browser's work counts in
 * their timings.
 */
export const TIMED_E2E_FILES = ['e2e/analytics.e2e.ts', 'e2e/analytics-crash.e2e.ts', 'e2e/notification.e2e.ts', 'e2e/player.e2e.ts', 'e2e/polls.e2e.ts'];

// The browser suite: the real server (with the built web app) driven through Debian's Chromium.
export default defineConfig({
  // Paths below are from the repository root, whichever folder the suite is started from.
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    // A browser test walks a person's whole task (sign in, several pages, two languages, a phone):
    // on CI's two cores the longest take 40–50 s, so each gets two minutes before it counts as stuck.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'e2e',
          globalSetup: ['e2e/global-setup.ts'],
          include: ['e2e/**/*.e2e.ts'],
          exclude: TIMED_E2E_FILES,
          // Two files at a time, each against a server of its own worker (global-setup.ts): a
          // browser test mostly waits on the page, the server or the network, so one file alone
          // left the machine's two cores half idle.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e-timed',
          globalSetup: ['e2e/global-setup.ts'],
          include: TIMED_E2E_FILES,
          maxWorkers: 1,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
