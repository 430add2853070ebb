import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage } from './app/router';
import { createAppStore, loadInitialAppState } from './app/state';
import { loadEmotionCache } from './app/theme/emotion-caches';
import { reportError } from './lib/error-reporting';
import { directionOf, i18n, initI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';

// First: the page's code downloads beside the strings below, and the first render draws the page.
const pageCode = preloadPage(window.location.pathname).catch(() => {
  // The page's own route shows the error page (and reports it) when it renders.
});

function render(): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);
  // A transition renders in slices that leave the main thread free between them; the server's
  // static first paint stays on screen until the whole first screen is ready to take its place.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App store={createAppStore(loadInitialAppState())} queryClient={createQueryClient()} />
      </StrictMode>,
    ),
  );
}

// Waiting for the detected language's strings (and, for a right-to-left language, its mirrored
// styles) keeps the first paint from flashing English or the wrong direction. If they cannot
// load, the app still starts, in English or left to right.
initI18n()
  .catch((error: unknown) => reportError(error, { source: 'i18n' }))
  .then(() => loadEmotionCache(directionOf(i18n.resolvedLanguage ?? i18n.language)))
  .catch((error: unknown) => reportError(error, { source: 'rtl-styles' }))
  .then(() => pageCode)
  .finally(render);
