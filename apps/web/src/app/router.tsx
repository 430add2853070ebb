import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../lib/paths';
import { RootLayout } from './root-layout';
import { PageLoading } from './routes/page-loading';
import { RouteErrorPage, ShellErrorPage } from './routes/route-error-page';

/** Every page is a lazily loaded module, so the first download carries only the shell. */
export const appRoutes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: ShellErrorPage,
    HydrateFallback: PageLoading,
    children: [
      {
        // A page that fails is shown inside the shell, so the header and overlays stay usable.
        ErrorBoundary: RouteErrorPage,
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('./routes/home-page')).HomePage }),
          },
          {
            path: paths.article.pattern,
            lazy: async () => ({
              Component: (await import('../features/articles/pages/article-page')).ArticlePage,
            }),
          },
          {
            path: '*',
            lazy: async () => ({ Component: (await import('./routes/not-found-page')).NotFoundPage }),
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
