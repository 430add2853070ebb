/**
 * Test files that replace a module with vi.mock: each runs with a module registry of its own
 * (vitest.isolated.config.ts). Every other server test file shares its worker's modules with the
 * files run before it (isolate: false), which saves loading the whole app again for each file; a
 * mock needs the modules that import the mocked one loaded afresh, and must not reach other files.
 */
export const ISOLATED_TEST_FILES = ['src/modules/articles/share-routes.test.ts'];
