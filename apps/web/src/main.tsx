import './app/theme/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage } from './app/router';
import { createAppStore, loadInitialAppState } from './app/state';
import { connectAnalytics } from './lib/analytics';
import { reportError } from './lib/error-reporting';
import { initI18n } from './lib/i18n';
import { nextTask } from './lib/next-task';
import { createQueryClient } from './lib/query-client';

function render(): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);
  const store = createAppStore(loadInitialAppState());
  // Events carry the visitor and the signed-in user of the app's state.
  connectAnalytics(store);
  // A transition renders in slices that leave the main thread free between them; the server's
  // static first paint stays on screen until the whole first screen is ready to take its place.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App store={store} queryClient={createQueryClient()} />
      </StrictMode>,
    ),
  );
}

/**
 * The start, one step per task (see nextTask): the page's code first, so it downloads beside the
 * strings, then the detected language's strings, so the first paint does not flash English. If
 * they cannot load, the app still starts, in English. (The first screens are plain CSS, mirrored
 * by the document's direction; MUI's right-to-left styles load with its theme, mui-island.tsx.)
 */
async function start(): Promise<void> {
  await nextTask();
  const pageCode = preloadPage(window.location.pathname).catch(() => {
    // The page's own route shows the error page (and reports it) when it renders.
  });
  await nextTask();
  await initI18n().catch((error: unknown) => reportError(error, { source: 'i18n' }));
  await pageCode;
  await nextTask();
  render();
}

void start();
