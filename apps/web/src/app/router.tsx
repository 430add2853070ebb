import { Suspense } from 'react';
import { matchRoutes, Route, Routes } from 'react-router';
import { ErrorBoundary } from './components/error-boundary';
import { ShellErrorPage } from './routes/route-error-page';
import { paths } from '../lib/paths';
import { lazyPage, muiPage } from './lazy-page';
import { RootLayout } from './root-layout';

/** Every page is a lazily loaded module, so the first download carries only the shell. */
const pageRoutes = [
  { path: paths.home.pattern, ...lazyPage(() => import('./routes/home-page'), (module) => module.HomePage) },
  {
    path: paths.article.pattern,
    ...lazyPage(() => import('../features/articles/pages/article-page'), (module) => module.ArticlePage),
  },
  {
    path: paths.library.pattern,
    ...muiPage(() => import('../features/library/pages/library-page'), (module) => module.LibraryPage, ['library']),
  },
  {
    path: paths.contact.pattern,
    ...muiPage(() => import('../features/contact/pages/contact-page'), (module) => module.ContactPage, ['contact']),
  },
  {
    path: paths.appDownload.pattern,
    ...muiPage(() => import('../features/app-download/pages/app-download-page'), (module) => module.AppDownloadPage, ['appDownloadPage']),
  },
  {
    // The AI search and its shared results are one page (features/ai), so an answer that arrives
    // on /ai stays drawn as the address moves to its result's link.
    path: `${paths.ai.pattern}/*`,
    ...muiPage(() => import('../features/ai/pages/ai-page'), (module) => module.AiPage, ['ai']),
  },
  { path: paths.search.pattern, ...muiPage(() => import('../features/search/pages/search-page'), (module) => module.SearchPage, ['searchResults']) },
  { path: paths.local.pattern, ...muiPage(() => import('../features/radar/pages/radar-page'), (module) => module.RadarPage, ['radar']) },
  {
    path: paths.stories.pattern,
    ...muiPage(() => import('../features/stories/pages/stories-page'), (module) => module.StoriesPage, ['stories']),
  },
  { path: paths.story.pattern, ...muiPage(() => import('../features/stories/pages/story-page'), (module) => module.StoryPage, ['stories']) },
  {
    path: paths.categories.pattern,
    ...muiPage(() => import('../features/categories/pages/categories-page'), (module) => module.CategoriesPage, ['categories']),
  },
  {
    path: paths.category.pattern,
    ...muiPage(() => import('../features/categories/pages/category-page'), (module) => module.CategoryPage, ['categories']),
  },
  {
    path: paths.publishers.pattern,
    ...muiPage(() => import('../features/publishers/pages/publishers-page'), (module) => module.PublishersPage, ['publishers']),
  },
  {
    path: paths.publisher.pattern,
    ...muiPage(() => import('../features/publishers/pages/publisher-page'), (module) => module.PublisherPage, ['publishers']),
  },
  {
    path: paths.playlist.pattern,
    ...muiPage(() => import('../features/playlists/pages/playlist-page'), (module) => module.PlaylistPage, ['playlists', 'stories']),
  },
  {
    path: paths.breaking.pattern,
    ...muiPage(() => import('../features/articles/pages/breaking-page'), (module) => module.BreakingPage, ['feedPages']),
  },
  {
    path: paths.trending.pattern,
    ...muiPage(() => import('../features/articles/pages/trending-page'), (module) => module.TrendingPage, ['feedPages']),
  },
  {
    // Pairing a screen (features/devices) asks the reader to sign in with the account pages' strings.
    path: paths.pair.pattern,
    ...muiPage(() => import('../features/devices/pages/pair-page'), (module) => module.PairPage, ['devices', 'accountPages']),
  },
  {
    // The account area is a route tree of its own (features/account/account-routes.tsx), fetched
    // with the page it opens on.
    path: `${paths.account.pattern}/*`,
    ...lazyPage(async () => {
      const area = await import('../features/account/account-routes');
      await area.preloadAccountPage(window.location.pathname);
      return area;
    }, (module) => module.AccountRoutes),
  },
  {
    // The admin console, likewise (features/admin/admin-routes.tsx); its shell is drawn with MUI.
    path: `${paths.admin.pattern}/*`,
    ...muiPage(async () => {
      const area = await import('../features/admin/admin-routes');
      await area.preloadAdminPage(window.location.pathname);
      return area;
    }, (module) => module.AdminRoutes),
  },
  {
    // The publisher studio, likewise (features/manage/manage-routes.tsx).
    path: `${paths.manage.pattern}/*`,
    ...muiPage(async () => {
      const area = await import('../features/manage/manage-routes');
      await area.preloadManagePage(window.location.pathname);
      return area;
    }, (module) => module.ManageRoutes),
  },
  {
    // The vendor area (features/vendor): its keys and the API guide, with the shared key dialog's strings.
    path: paths.vendor.pattern,
    ...muiPage(() => import('../features/vendor/pages/vendor-page'), (module) => module.VendorPage, ['vendor', 'apiKeys']),
  },
  { path: '*', ...muiPage(() => import('./routes/not-found-page'), (module) => module.NotFoundPage, ['notFound']) },
];

/**
 * Pages drawn without the shell (no app bar): the television app (features/tv), full screen and
 * driven by a remote; plain CSS, so MUI's theme does not load with it.
 */
const fullScreenRoutes = [{ path: paths.tv.pattern, ...lazyPage(() => import('../features/tv/pages/tv-page'), (module) => module.TvPage, ['tv']) }];

/** The app's pages inside the shell; a router (BrowserRouter, or MemoryRouter in tests) goes around it. */
export function AppRoutes() {
  return (
    <Routes>
      {fullScreenRoutes.map(({ path, Page }) => (
        <Route
          key={path}
          path={path}
          element={
            <ErrorBoundary resetKey={path} source="route" fallback={() => <ShellErrorPage />}>
              <Suspense fallback={null}>
                <Page />
              </Suspense>
            </ErrorBoundary>
          }
        />
      ))}
      <Route element={<RootLayout />}>
        {pageRoutes.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
      </Route>
    </Routes>
  );
}

/**
 * Starts fetching the code of the page at `pathname` (main.tsx calls it first, so it downloads
 * beside the strings and the page renders in the first pass).
 */
export function preloadPage(pathname: string): Promise<unknown> {
  const [match] = matchRoutes([...fullScreenRoutes, ...pageRoutes], pathname) ?? [];
  return Promise.resolve(match?.route.load());
}
