import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  // As the build compiles it (vite.config.ts), so the tests run the code that ships.
  plugins: [react({ compiler: true })],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    // Rendering MUI in jsdom and loading lazy route modules is slow on a busy machine.
    testTimeout: 20_000,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
