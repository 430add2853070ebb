/**
 * The smallest app on the libraries the web app's first screens are built on (DESIGN.md §3, and
 * docs/architecture.md "The first screen": plain CSS, no MUI): React DOM, react-router in
 * declarative mode, React Query, i18next with react-i18next and its language detector, each used
 * the way the app's shell uses it and nothing more. Its bundle is the floor under the JavaScript
 * a first screen can need.
 */
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { createRoot } from 'react-dom/client';
import { initReactI18next, useTranslation } from 'react-i18next';
import { BrowserRouter, Link, Route, Routes, useParams } from 'react-router';

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({ resources: { en: { translation: { hello: 'Hello' } } }, fallbackLng: 'dev' });

function Page() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { data } = useQuery({ queryKey: ['page', id], queryFn: async () => (await fetch(`/v1/articles/${id}`)).json() as Promise<unknown> });
  return (
    <header>
      <p>
        {t('hello')} {String(data)}
      </p>
      <button type="button" aria-label="menu">
        ≡
      </button>
      <Link to="/">Home</Link>
    </header>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <QueryClientProvider client={new QueryClient()}>
      <BrowserRouter>
        <Routes>
          <Route path="/:id?" element={<Page />} />
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>,
  );
}
