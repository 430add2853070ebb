import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { i18n, initI18n } from './src/lib/i18n';
import { finishConsoleGuard, startConsoleGuard } from './src/test/console-guard';

// Shared by the jsdom and node projects (vitest.config.ts, vitest.logic.config.ts): the testing
// library and the storage clean-up only where there is a DOM.
const hasDom = typeof document !== 'undefined';
const testingLibrary = hasDom ? await import('@testing-library/react') : undefined;

// findBy* waits cover a lazy route module being transformed on first use, which takes seconds on a
// 2-core CI machine running several test files at once (the first admin page once took over 5 s).
testingLibrary?.configure({ asyncUtilTimeout: 12_000 });

beforeAll(async () => {
  await initI18n();
});

beforeEach(async () => {
  // Tests read English unless they switch; the language detector may have remembered another.
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
  startConsoleGuard();
});

afterEach(() => {
  testingLibrary?.cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  if (hasDom) localStorage.clear();
  finishConsoleGuard();
});
