import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/** What the two web projects share: this one and web-logic (vitest.logic.config.ts). */
export const webTestOptions = {
  setupFiles: ['./vitest.setup.ts'],
  // Rendering MUI in jsdom and loading lazy route modules is slow on a busy machine.
  testTimeout: 20_000,
  restoreMocks: true,
  unstubGlobals: true,
};

/** The components' tests (`*.test.tsx`), in jsdom. The other tests are in web-logic. */
export default defineProject({
  // As the build compiles it (vite.config.ts), so the tests run the code that ships.
  plugins: [react({ compiler: true })],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.tsx'],
    ...webTestOptions,
  },
});
