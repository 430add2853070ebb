import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { createAppStore, loadInitialAppState } from './app/state';
import { reportError } from './lib/error-reporting';
import { initI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';

function render(): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App store={createAppStore(loadInitialAppState())} queryClient={createQueryClient()} router={createAppRouter()} />
    </StrictMode>,
  );
}

// Waiting for the detected language's strings keeps the first paint from flashing English.
// If they cannot load, the app still starts, in English.
initI18n()
  .catch((error: unknown) => reportError(error, { source: 'i18n' }))
  .finally(render);
