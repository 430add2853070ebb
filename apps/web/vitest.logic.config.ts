import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { webTestOptions } from './vitest.config';

/**
 * The web app's tests of logic (`*.test.ts`), in node, as jsdom is slow to set up for each file.
 * A file that needs the DOM (window, document, localStorage, renderHook) starts with
 * `// @vitest-environment jsdom`.
 */
export default defineProject({
  plugins: [react({ compiler: true })],
  test: {
    name: 'web-logic',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    ...webTestOptions,
  },
});
