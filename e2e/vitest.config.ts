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
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One server and several browsers at once would make the timing checks (5 s auto-hide) noisy.
    fileParallelism: false,
  },
});
