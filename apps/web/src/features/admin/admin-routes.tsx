import { matchRoutes, Navigate, Route, Routes } from 'react-router';
import type { ComponentType } from 'react';
import { lazyPage, muiPage } from '../../app/lazy-page';
import { loadEnglishSection } from '../../lib/lazy-strings';
import { paths } from '../../lib/paths';
import { AdminLayout } from './components/admin-layout';

/** An admin page: its code and the admin strings load together (the area's shell has brought MUI's theme). */
function adminPage<M>(importModule: () => Promise<M>, pageOf: (module: M) => ComponentType) {
  return lazyPage(
    async () => (await Promise.all([importModule(), loadEnglishSection('admin'), loadEnglishSection('adminPolls')]))[0],
    pageOf,
  );
}

/** The area's pages, by their path under /admin (the app's router hands it /admin/*). */
const under = (pattern: string) => pattern.replace(/^\/admin\/?/, '');

const adminRoutes = [
  { path: under(paths.adminPolls.pattern), ...adminPage(() => import('./pages/poll-list-page'), (module) => module.PollListPage) },
  { path: under(paths.adminPollNew.pattern), ...adminPage(() => import('./pages/poll-editor-page'), (module) => module.NewPollPage) },
  { path: under(paths.adminPoll.pattern), ...adminPage(() => import('./pages/poll-editor-page'), (module) => module.PollEditorPage) },
  { path: '*', ...muiPage(() => import('../../app/routes/not-found-page'), (module) => module.NotFoundPage) },
];

/**
 * The admin console (STYLE: each area is a lazy route tree of its own): the shell that checks the
 * admin role and holds the area's navigation, and today the poll studio. Never part of `/` or
 * `/v/{id}`: the app's router imports it only for /admin/*.
 */
export function AdminRoutes() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<Navigate to={paths.adminPolls.href()} replace />} />
        {adminRoutes.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
      </Route>
    </Routes>
  );
}

/** Starts fetching the code of the admin page at `pathname`, with the area. */
export function preloadAdminPage(pathname: string): Promise<unknown> {
  const path = pathname.replace(/^\/admin\/?/, '/') || '/';
  const [match] = matchRoutes(adminRoutes, path === '/' ? under(paths.adminPolls.pattern) : path) ?? [];
  return Promise.all([match?.route.load(), loadEnglishSection('admin')]).catch(() => {
    // The page's own route shows the error page (and reports it) when it renders.
  });
}
