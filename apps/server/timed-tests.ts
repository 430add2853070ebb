/**
 * Test files that measure time (a pool wait of 20–100 ms, a refusal within 2 s): they run alone,
 * after every other file (vitest.timed.config.ts), so that no other test file's work counts in
 * their timings.
 */
export const TIMED_TEST_FILES = ['src/http/overload.test.ts', 'src/modules/analytics/ingest.test.ts'];
