import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type ProxyOptions } from 'vite';

const appRoot = fileURLToPath(new URL('.', import.meta.url));

/** Paths the API server answers; in development Vite forwards them so the app stays same-origin. */
const API_PATH_PREFIXES = ['/v1', '/api', '/status', '/docs', '/media'] as const;

export default defineConfig(({ mode }) => {
  // '' prefix: read API_PORT from .env files and the shell alike, not only VITE_* names.
  const env = loadEnv(mode, appRoot, '');
  const apiTarget = `http://localhost:${env.API_PORT || '3000'}`;
  const proxy: Record<string, ProxyOptions> = Object.fromEntries(
    API_PATH_PREFIXES.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }]),
  );

  return {
    root: appRoot,
    plugins: [react({ compiler: true })],
    server: { proxy },
    preview: { proxy },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // dist/.vite/manifest.json: the server reads which chunks a page's route module needs and
      // names them in that page's HTML, so they download beside the entry, not after it.
      manifest: true,
      // One stylesheet for the whole app (plain CSS is a small part of it; MUI's styles are made at
      // run time): the server writes it into each page, so no page waits for a second download
      // to paint, and no chunk waits for a stylesheet of its own (docs/architecture.md, "The first screen").
      cssCodeSplit: false,
      rolldownOptions: {
        treeshake: {
          // @newsreel/contracts declares no side effects yet; without this rule its TypeBox schemas
          // (the server's validation, which the web only needs as types) would ship in the bundle.
          moduleSideEffects: [{ test: /[\\/]packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false }],
          // Values the web reads live outside the schema modules (constants.ts, enums.ts); should one
          // be imported from a schema module, every schema beside it would stay, and TypeBox with
          // them, since a call is assumed to have effects. The schema builders only return values.
          manualPureFunctions: ['Type', 'ListSchema', 'LiteralUnion', 'CsvQuerySchema', 'enumValues'],
        },
        output: {
          // Chunks are named by their hash alone: the first download lists every chunk a page it can
          // open needs (~130 names), and module names (createSimplePaletteValueFilter, …) made up
          // about 1 KB of it, gzipped, on the first screen's budget. The manifest still maps
          // source modules to their files (the server's preload hints read it).
          chunkFileNames: 'assets/[hash].js',
          codeSplitting: {
            groups: [
              {
                // Everything the entry needs before it can start, in one file: it is all fetched at
                // once anyway, and on HTTP/1.1 (six connections) each extra file costs a round trip.
                name: 'shell',
                tags: ['$initial'],
              },
              {
                // React Query's mutations travel with the article toggles, which the first screens
                // use: once other areas use mutations too (the account pages), they would otherwise
                // become a file of their own, one more request before the home page is usable.
                name: 'interactions',
                test: /[\\/](?:features[\\/]articles[\\/]api[\\/]interactions\.ts|@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/]useMutation\.js|@tanstack[\\/]query-core[\\/]build[\\/]modern[\\/]mutationObserver\.js)$/,
              },
              {
                // A language's module and its section files travel together: one request per language.
                debugName: 'locale',
                name: (moduleId: string) => /[\\/]locales[\\/]([a-z]{2})[\\/](?:[^\\/]+\.json|index\.ts)$/.exec(moduleId)?.[1]?.replace(/^/, 'locale-') ?? null,
              },
            ],
          },
        },
      },
    },
  };
});
