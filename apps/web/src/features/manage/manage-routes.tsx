import { matchRoutes, Route, Routes } from 'react-router';
import type { ComponentType } from 'react';
import { lazyPage, muiPage } from '../../app/lazy-page';
import { loadEnglishSection, type LazyEnglishSection } from '../../lib/lazy-strings';
import { managePaths } from './manage-paths';

/**
 * The studio's strings, and the admin console's it shares (its tables, pager, delete
 * confirmation, article fields, states and validation messages).
 */
const sections: LazyEnglishSection[] = ['manage', 'admin', 'adminPolls', 'adminContent'];

/** A studio page: its code and the studio's strings load together (the area's shell has brought MUI's theme). */
function managePage<M>(importModule: () => Promise<M>, pageOf: (module: M) => ComponentType) {
  return lazyPage(importModule, pageOf, sections);
}

/** The dashboard, the studio's index: its chart and figures are the admin statistics' (and read their strings). */
const dashboard = lazyPage(() => import('./pages/dashboard-page'), (module) => module.DashboardPage, [...sections, 'adminStatistics']);

/** The studio's frame (sign-in, the publisher, its navigation) is a chunk of its own, as the admin console's is. */
const layout = lazyPage(() => import('./components/studio-layout'), (module) => module.StudioLayout, sections);

/** The area's pages, by their path under /manage (the app's router hands it /manage/*). */
const under = (pattern: string) => pattern.replace(/^\/manage\/?/, '');

const manageRoutes = [
  { path: under(managePaths.articles.pattern), ...managePage(() => import('./pages/article-list-page'), (module) => module.ManageArticleListPage) },
  { path: under(managePaths.newArticle.pattern), ...managePage(() => import('./pages/article-editor-page'), (module) => module.NewArticlePage) },
  { path: under(managePaths.article.pattern), ...managePage(() => import('./pages/article-editor-page'), (module) => module.EditArticlePage) },
  { path: under(managePaths.import.pattern), ...managePage(() => import('./pages/import-page'), (module) => module.ImportPage) },
  { path: under(managePaths.settings.pattern), ...managePage(() => import('./pages/settings-page'), (module) => module.SettingsPage) },
  { path: '*', ...muiPage(() => import('../../app/routes/not-found-page'), (module) => module.NotFoundPage, ['notFound']) },
];

/**
 * The publisher studio (STYLE: each area is a lazy route tree of its own): the shell that checks
 * the user belongs to a publisher and holds the area's navigation; its first page is the
 * dashboard. Never part of `/` or `/v/{id}`: the app's router imports it only for /manage/*.
 */
export function ManageRoutes() {
  return (
    <Routes>
      <Route element={<layout.Page />}>
        <Route index element={<dashboard.Page />} />
        {manageRoutes.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
      </Route>
    </Routes>
  );
}

/** Starts fetching the code of the studio page at `pathname`, with the area. */
export function preloadManagePage(pathname: string): Promise<unknown> {
  const path = pathname.replace(/^\/manage\/?/, '/') || '/';
  const [match] = path === '/' ? [] : (matchRoutes(manageRoutes, path) ?? []);
  return Promise.all([layout.load(), path === '/' ? dashboard.load() : match?.route.load(), loadEnglishSection('manage')]).catch(() => {
    // The page's own route shows the error page (and reports it) when it renders.
  });
}
