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
            path: paths.library.pattern,
            lazy: async () => ({
              Component: (await import('../features/library/pages/library-page')).LibraryPage,
            }),
          },
          {
            path: paths.appDownload.pattern,
            lazy: async () => ({
              Component: (await import('../features/app-download/pages/app-download-page')).AppDownloadPage,
            }),
          },
          {
            path: paths.search.pattern,
            lazy: async () => ({
              Component: (await import('../features/search/pages/search-page')).SearchPage,
            }),
          },
          {
            path: paths.local.pattern,
            lazy: async () => ({
              Component: (await import('../features/radar/pages/radar-page')).RadarPage,
            }),
          },
          {
            path: paths.stories.pattern,
            lazy: async () => ({ Component: (await import('../features/stories/pages/stories-page')).StoriesPage }),
          },
          {
            path: paths.story.pattern,
            lazy: async () => ({ Component: (await import('../features/stories/pages/story-page')).StoryPage }),
          },
          {
            path: paths.categories.pattern,
            lazy: async () => ({ Component: (await import('../features/categories/pages/categories-page')).CategoriesPage }),
          },
          {
            path: paths.category.pattern,
            lazy: async () => ({ Component: (await import('../features/categories/pages/category-page')).CategoryPage }),
          },
          {
            path: paths.publishers.pattern,
            lazy: async () => ({ Component: (await import('../features/publishers/pages/publishers-page')).PublishersPage }),
          },
          {
            path: paths.publisher.pattern,
            lazy: async () => ({ Component: (await import('../features/publishers/pages/publisher-page')).PublisherPage }),
          },
          {
            path: paths.playlist.pattern,
            lazy: async () => ({ Component: (await import('../features/playlists/pages/playlist-page')).PlaylistPage }),
          },
          {
            path: paths.breaking.pattern,
            lazy: async () => ({ Component: (await import('../features/articles/pages/breaking-page')).BreakingPage }),
          },
          {
            path: paths.trending.pattern,
            lazy: async () => ({ Component: (await import('../features/articles/pages/trending-page')).TrendingPage }),
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
