import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The browser suite: the real server (with the built web app) driven through Debian's Chromium.
export default defineConfig({
  // Paths below are from the repository root, whichever folder the suite is started from.
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    // A browser test walks a person's whole task (sign in, several pages, two languages, a phone):
    // on CI's two cores the longest take 40–50 s, so each gets two minutes before it counts as stuck.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // One server and several browsers at once would make the timing checks (5 s auto-hide) noisy.
    fileParallelism: false,
  },
});
