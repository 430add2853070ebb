import { matchRoutes, Navigate, Route, Routes } from 'react-router';
import type { ComponentType } from 'react';
import { lazyPage, muiPage } from '../../app/lazy-page';
import { loadEnglishSection, type LazyEnglishSection } from '../../lib/lazy-strings';
import { adminPaths } from './admin-paths';

/**
 * An admin page: its code and the admin strings load together (the area's shell has brought
 * MUI's theme); `sections` are other lazily loaded strings it shows.
 */
function adminPage<M>(importModule: () => Promise<M>, pageOf: (module: M) => ComponentType, sections: LazyEnglishSection[] = []) {
  return lazyPage(importModule, pageOf, ['admin', 'adminPolls', ...sections]);
}

/** The statistics page's own strings (and its AI results panel's). */
const statisticsSections: LazyEnglishSection[] = ['adminStatistics', 'adminAi'];
/** The AI results page's, and the article page's AI extras. */
const aiSections: LazyEnglishSection[] = ['adminAi'];

/** The scheduled notifications' page. */
const notificationSections: LazyEnglishSection[] = ['adminNotifications'];

/** The poll editor's preview is the reader's own poll panel, with its strings. */
const editorSections: LazyEnglishSection[] = ['poll'];

/** The content pages' own strings (the moderation queue, articles, categories, publishers). */
const contentSections: LazyEnglishSection[] = ['adminContent'];
/** The playlists' and stories' pages (and the article list's "add to playlist") add their own strings to the content pages'. */
const collectionSections: LazyEnglishSection[] = ['adminContent', 'adminCollections'];
/** The publishers' pages add their users as the people pages add a vendor's (their form and words). */
const publisherSections: LazyEnglishSection[] = ['adminContent', 'adminPeople'];

/** The superusers' pages' own strings (users, admin roles, vendors, API keys, jobs, the audit log). */
const peopleSections: LazyEnglishSection[] = ['adminPeople'];
/** The pages that make API keys show the new key in the app's shared dialog, with its strings. */
const keySections: LazyEnglishSection[] = ['adminPeople', 'apiKeys'];

/**
 * The console's frame (the admin check and its navigation) is a chunk of its own: the app's
 * first download lists the files this module imports (to preload them with it), so it imports
 * no MUI itself.
 */
const layout = lazyPage(() => import('./components/admin-layout'), (module) => module.AdminLayout);

/** The area's pages, by their path under /admin (the app's router hands it /admin/*). */
const under = (pattern: string) => pattern.replace(/^\/admin\/?/, '');

const adminRoutes = [
  { path: under(adminPaths.statistics.pattern), ...adminPage(() => import('./pages/statistics-page'), (module) => module.StatisticsPage, statisticsSections) },
  { path: under(adminPaths.polls.pattern), ...adminPage(() => import('./pages/poll-list-page'), (module) => module.PollListPage) },
  { path: under(adminPaths.newPoll.pattern), ...adminPage(() => import('./pages/poll-editor-page'), (module) => module.NewPollPage, editorSections) },
  { path: under(adminPaths.poll.pattern), ...adminPage(() => import('./pages/poll-editor-page'), (module) => module.PollEditorPage, editorSections) },
  { path: under(adminPaths.articles.pattern), ...adminPage(() => import('./pages/article-list-page'), (module) => module.ArticleListPage, collectionSections) },
  { path: under(adminPaths.article.pattern), ...adminPage(() => import('./pages/article-page'), (module) => module.ArticlePage, [...contentSections, ...aiSections]) },
  { path: under(adminPaths.aiResults.pattern), ...adminPage(() => import('./pages/ai-results-page'), (module) => module.AiResultsPage, aiSections) },
  { path: under(adminPaths.categories.pattern), ...adminPage(() => import('./pages/category-list-page'), (module) => module.CategoryListPage, contentSections) },
  { path: under(adminPaths.notifications.pattern), ...adminPage(() => import('./pages/notification-list-page'), (module) => module.NotificationListPage, notificationSections) },
  { path: under(adminPaths.ads.pattern), ...adminPage(() => import('./pages/ad-list-page'), (module) => module.AdListPage, ['adminAds']) },
  { path: under(adminPaths.contactMessages.pattern), ...adminPage(() => import('./pages/contact-messages-page'), (module) => module.ContactMessagesPage, ['contact']) },
  { path: under(adminPaths.publishers.pattern), ...adminPage(() => import('./pages/publisher-list-page'), (module) => module.PublisherListPage, publisherSections) },
  { path: under(adminPaths.publisher.pattern), ...adminPage(() => import('./pages/publisher-page'), (module) => module.PublisherPage, publisherSections) },
  { path: under(adminPaths.playlists.pattern), ...adminPage(() => import('./pages/playlist-list-page'), (module) => module.PlaylistListPage, collectionSections) },
  { path: under(adminPaths.playlist.pattern), ...adminPage(() => import('./pages/playlist-page'), (module) => module.PlaylistPage, collectionSections) },
  { path: under(adminPaths.stories.pattern), ...adminPage(() => import('./pages/story-list-page'), (module) => module.StoryListPage, collectionSections) },
  { path: under(adminPaths.story.pattern), ...adminPage(() => import('./pages/story-page'), (module) => module.StoryPage, collectionSections) },
  { path: under(adminPaths.users.pattern), ...adminPage(() => import('./pages/user-list-page'), (module) => module.UserListPage, peopleSections) },
  { path: under(adminPaths.user.pattern), ...adminPage(() => import('./pages/user-page'), (module) => module.UserPage, peopleSections) },
  { path: under(adminPaths.adminRoles.pattern), ...adminPage(() => import('./pages/admin-role-page'), (module) => module.AdminRolePage, peopleSections) },
  { path: under(adminPaths.vendors.pattern), ...adminPage(() => import('./pages/vendor-list-page'), (module) => module.VendorListPage, peopleSections) },
  { path: under(adminPaths.vendor.pattern), ...adminPage(() => import('./pages/vendor-page'), (module) => module.VendorPage, keySections) },
  { path: under(adminPaths.apiKeys.pattern), ...adminPage(() => import('./pages/api-key-page'), (module) => module.ApiKeyPage, keySections) },
  { path: under(adminPaths.jobs.pattern), ...adminPage(() => import('./pages/job-list-page'), (module) => module.JobListPage, peopleSections) },
  { path: under(adminPaths.audit.pattern), ...adminPage(() => import('./pages/audit-page'), (module) => module.AuditPage, peopleSections) },
  {
    path: under(adminPaths.subscriptionPrices.pattern),
    ...adminPage(() => import('./pages/subscription-prices-page'), (module) => module.SubscriptionPricesPage, ['subscriptions']),
  },
  { path: '*', ...muiPage(() => import('../../app/routes/not-found-page'), (module) => module.NotFoundPage, ['notFound']) },
];

/**
 * The admin console (STYLE: each area is a lazy route tree of its own): the shell that checks the
 * admin role and holds the area's navigation; the statistics (its first page) and the poll
 * studio. Never part of `/` or `/v/{id}`: the app's router imports it only for /admin/*.
 */
export function AdminRoutes() {
  return (
    <Routes>
      <Route element={<layout.Page />}>
        <Route index element={<Navigate to={adminPaths.statistics.href()} replace />} />
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
  const [match] = matchRoutes(adminRoutes, path === '/' ? under(adminPaths.statistics.pattern) : path) ?? [];
  return Promise.all([layout.load(), match?.route.load(), loadEnglishSection('admin')]).catch(() => {
    // The page's own route shows the error page (and reports it) when it renders.
  });
}
