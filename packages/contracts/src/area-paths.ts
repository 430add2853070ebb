/**
 * The API paths of the admin console, the publisher studio and the vendor area (SPEC §7). They are apart
 * from the reader's `apiPaths` so that the reader's first screen, which carries those, does not carry these.
 */
import { pathSegment } from './paths';

/** The admin console (/v1/admin). */
export const adminApiPaths = {
  // Polls (issue 13): built, targeted and counted by admins
  polls: '/v1/admin/polls',
  poll: (pollId: string) => `/v1/admin/polls/${pathSegment(pollId)}`,
  pollAsset: (pollId: string) => `/v1/admin/polls/${pathSegment(pollId)}/asset`,
  pollAssetFile: (pollId: string) => `/v1/admin/polls/${pathSegment(pollId)}/asset/file`,
  pollTargets: (pollId: string) => `/v1/admin/polls/${pathSegment(pollId)}/targets`,
  pollTarget: (pollId: string, targetId: string) => `/v1/admin/polls/${pathSegment(pollId)}/targets/${pathSegment(targetId)}`,
  pollQuestions: (pollId: string) => `/v1/admin/polls/${pathSegment(pollId)}/questions`,
  pollQuestion: (pollId: string, questionId: string) =>
    `/v1/admin/polls/${pathSegment(pollId)}/questions/${pathSegment(questionId)}`,
  pollAnswers: (pollId: string, questionId: string) =>
    `/v1/admin/polls/${pathSegment(pollId)}/questions/${pathSegment(questionId)}/answers`,
  pollAnswer: (pollId: string, questionId: string, answerId: string) =>
    `/v1/admin/polls/${pathSegment(pollId)}/questions/${pathSegment(questionId)}/answers/${pathSegment(answerId)}`,
  pollResultCounts: (pollId: string) => `/v1/admin/polls/${pathSegment(pollId)}/results/counts`,
  // Articles and the review workflow (docs/architecture.md, "Article lifecycle")
  articles: '/v1/admin/articles',
  article: (articleId: string) => `/v1/admin/articles/${pathSegment(articleId)}`,
  articleApprove: (articleId: string) => `/v1/admin/articles/${pathSegment(articleId)}/approve`,
  articleNeedsWork: (articleId: string) => `/v1/admin/articles/${pathSegment(articleId)}/needs-work`,
  articleRejectSummary: (articleId: string) => `/v1/admin/articles/${pathSegment(articleId)}/reject-summary`,
  articleCache: (articleId: string) => `/v1/admin/articles/${pathSegment(articleId)}/cache`,
  // The AI's work on articles and its results (issue 14 item 4, issue 15)
  articleAi: (articleId: string) => `/v1/admin/articles/${pathSegment(articleId)}/ai`,
  articleTranslate: (articleId: string) => `/v1/admin/articles/${pathSegment(articleId)}/translate`,
  articleProcess: (articleId: string) => `/v1/admin/articles/${pathSegment(articleId)}/process`,
  articleMediaAssets: (articleId: string) => `/v1/admin/articles/${pathSegment(articleId)}/media-assets`,
  articleMediaAsset: (articleId: string, assetId: string) => `/v1/admin/articles/${pathSegment(articleId)}/media-assets/${pathSegment(assetId)}`,
  articleTestMediaPipeline: (articleId: string) => `/v1/admin/articles/${pathSegment(articleId)}/test-media-pipeline`,
  aiResults: '/v1/admin/ai-results',
  aiResult: (resultId: string) => `/v1/admin/ai-results/${pathSegment(resultId)}`,
  // Statistics (admin statistics)
  statisticsAiResults: '/v1/admin/statistics/ai-results',
  statisticsArticlePlays: '/v1/admin/statistics/article_plays_last_days',
  statisticsSummary: '/v1/admin/statistics/summary',
  statisticsEvents: '/v1/admin/statistics/events',
  statisticsDeviceInvites: '/v1/admin/statistics/device-invites',
  // The usage meter's settings (issue 17 item 3): the app config's subscription.meter, superusers only
  subscriptionMeter: '/v1/admin/subscription-meter',
  // Background jobs (issue 15): listed, and the failed ones retried, by superusers
  jobs: '/v1/admin/jobs',
  jobRetry: (jobId: string) => `/v1/admin/jobs/${pathSegment(jobId)}/retry`,
  // The audit log (issue 15): read-only
  audit: '/v1/admin/audit',
  // Admin catalogue (SPEC §7 Admin): categories, publishers and their users
  categories: '/v1/admin/categories',
  category: (categoryId: string) => `/v1/admin/categories/${pathSegment(categoryId)}`,
  publishers: '/v1/admin/publishers',
  publisher: (publisherId: string) => `/v1/admin/publishers/${pathSegment(publisherId)}`,
  publisherUsers: (publisherId: string) => `/v1/admin/publishers/${pathSegment(publisherId)}/users`,
  publisherUser: (publisherId: string, userId: string) => `/v1/admin/publishers/${pathSegment(publisherId)}/users/${pathSegment(userId)}`,
  // Admin collections (SPEC §7 Admin): playlists and stories with their articles
  playlists: '/v1/admin/playlists',
  playlist: (playlistId: string) => `/v1/admin/playlists/${pathSegment(playlistId)}`,
  playlistArticles: (playlistId: string) => `/v1/admin/playlists/${pathSegment(playlistId)}/articles`,
  playlistArticlesBatch: (playlistId: string) => `/v1/admin/playlists/${pathSegment(playlistId)}/articles/batch`,
  playlistArticlesOrder: (playlistId: string) => `/v1/admin/playlists/${pathSegment(playlistId)}/articles/order`,
  stories: '/v1/admin/stories',
  story: (storyId: string) => `/v1/admin/stories/${pathSegment(storyId)}`,
  storyArticles: (storyId: string) => `/v1/admin/stories/${pathSegment(storyId)}/articles`,
  storyArticlesBatch: (storyId: string) => `/v1/admin/stories/${pathSegment(storyId)}/articles/batch`,
  storyArticlesOrder: (storyId: string) => `/v1/admin/stories/${pathSegment(storyId)}/articles/order`,
  storyCache: (storyId: string) => `/v1/admin/stories/${pathSegment(storyId)}/cache`,
  storyAssets: (storyId: string) => `/v1/admin/stories/${pathSegment(storyId)}/assets`,
  storyAsset: (storyId: string, assetId: string) => `/v1/admin/stories/${pathSegment(storyId)}/assets/${pathSegment(assetId)}`,
  storyAssetFile: (storyId: string, assetId: string) => `/v1/admin/stories/${pathSegment(storyId)}/assets/${pathSegment(assetId)}/file`,
  // Admin people (SPEC §7 Admin): users, admin roles, vendors and their users, API keys
  users: '/v1/admin/users',
  user: (userId: string) => `/v1/admin/users/${pathSegment(userId)}`,
  userConfig: (userId: string) => `/v1/admin/users/${pathSegment(userId)}/config`,
  roles: '/v1/admin/admin-roles',
  role: (userId: string) => `/v1/admin/admin-roles/${pathSegment(userId)}`,
  vendors: '/v1/admin/vendors',
  vendor: (vendorId: string) => `/v1/admin/vendors/${pathSegment(vendorId)}`,
  vendorUsers: (vendorId: string) => `/v1/admin/vendors/${pathSegment(vendorId)}/users`,
  vendorUser: (vendorId: string, userId: string) => `/v1/admin/vendors/${pathSegment(vendorId)}/users/${pathSegment(userId)}`,
  apiKeys: '/v1/admin/api-keys',
  apiKey: (apiKeyId: string) => `/v1/admin/api-keys/${pathSegment(apiKeyId)}`,
  // The ad inventory (issue 17 item 1)
  ads: '/v1/admin/ads',
  ad: (adId: string) => `/v1/admin/ads/${pathSegment(adId)}`,
  adMedia: (adId: string) => `/v1/admin/ads/${pathSegment(adId)}/media`,
  // Scheduled notifications (issue 15): written, approved and sent by admins
  notifications: '/v1/admin/notifications',
  notification: (notificationId: string) => `/v1/admin/notifications/${pathSegment(notificationId)}`,
  notificationApprove: (notificationId: string) => `/v1/admin/notifications/${pathSegment(notificationId)}/approve`,
  // Messages from the contact form (issue 17): read and marked handled by admins
  contactMessages: '/v1/admin/contact-messages',
  contactMessage: (messageId: string) => `/v1/admin/contact-messages/${pathSegment(messageId)}`,
} as const;

/** The publisher studio (/v1/manage); articles are the active publisher's. */
export const manageApiPaths = {
  publisherUsers: (publisherId: string) => `/v1/manage/publishers/${pathSegment(publisherId)}/users`,
  publisherSettings: (publisherId: string) => `/v1/manage/publishers/${pathSegment(publisherId)}/settings`,
  publisherBranding: (publisherId: string) => `/v1/manage/publishers/${pathSegment(publisherId)}/settings/branding`,
  publisherImage: (publisherId: string, image: 'logo' | 'banner') =>
    `/v1/manage/publishers/${pathSegment(publisherId)}/settings/branding/${image}`,
  articles: '/v1/manage/articles',
  articlesSearch: '/v1/manage/articles/search',
  article: (articleId: string) => `/v1/manage/articles/${pathSegment(articleId)}`,
  articleCache: (articleId: string) => `/v1/manage/articles/${pathSegment(articleId)}/cache`,
  articleBundles: '/v1/manage/articles/bundle',
  articleBundle: (articleId: string) => `/v1/manage/articles/bundle/${pathSegment(articleId)}`,
  // The dashboard: plays and watch time of the active publisher's articles (issue 16 item 6)
  statistics: '/v1/manage/statistics',
  // Media RSS import: a feed read into drafts (GET ?url=)
  mrssLoad: '/v1/manage/mrss/load',
  // The video-player provider segment: resumable (tus) uploads of an article's media, and its poster
  playerMediaUploads: '/v1/manage/player/media',
  playerMediaUpload: (uploadId: string) => `/v1/manage/player/media/${pathSegment(uploadId)}`,
  playerMediaKeyframe: (mediaId: string) => `/v1/manage/player/media/${pathSegment(mediaId)}/keyframe`,
  playerMediaThumbnailImport: (mediaId: string) => `/v1/manage/player/media/${pathSegment(mediaId)}/thumbnail/import`,
} as const;

/** The vendor area (/v1/vendor), with a vendor token. */
export const vendorApiPaths = {
  vendor: (vendorId: string) => `/v1/vendor/${pathSegment(vendorId)}`,
  apiKeys: '/v1/vendor/api-keys',
  apiKey: (keyId: string) => `/v1/vendor/api-keys/${pathSegment(keyId)}`,
  apiKeyRotate: (keyId: string) => `/v1/vendor/api-keys/${pathSegment(keyId)}/rotate`,
  articles: '/v1/vendor/articles',
  articleSearch: '/v1/vendor/articles/search',
  article: (articleId: string) => `/v1/vendor/articles/${pathSegment(articleId)}`,
} as const;
