import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { i18n, initI18n } from './src/lib/i18n';
import { finishConsoleGuard, startConsoleGuard } from './src/test/console-guard';

// findBy* waits cover a lazy route module being transformed on first use, which takes seconds on a
// 2-core CI machine running several test files at once (the first admin page once took over 5 s).
configure({ asyncUtilTimeout: 12_000 });

beforeAll(async () => {
  await initI18n();
});

beforeEach(async () => {
  // Tests read English unless they switch; the language detector may have remembered another.
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
  startConsoleGuard();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  finishConsoleGuard();
});
