import { defineConfig } from 'vitest/config';

// One runner for every unit and API test; each workspace keeps its own config beside its code.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web'],
  },
});
