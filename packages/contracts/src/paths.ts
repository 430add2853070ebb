/** API paths shared by the server's routes and the web's fetchers (SPEC §7). */
/** One path segment from an id: whatever it holds, it stays one segment. */
export const pathSegment = (id: string | number) => encodeURIComponent(String(id));

export const apiPaths = {
  status: '/status',
  regions: '/v1/regions',
  regionsDetect: '/v1/regions/detect',
  locations: '/v1/locations',
  locationsDetect: '/v1/locations/detect',
  appConfig: '/v1/config/app',

  articles: '/v1/articles',
  articlesSummary: '/v1/articles/summary',
  articlesBreaking: '/v1/articles/breaking',
  articlesTrending: '/v1/articles/trending',
  articlesPulse: '/v1/articles/pulse',
  articlesRadar: '/v1/articles/radar',
  articlesLoad: '/v1/articles/load',
  articlesViewed: '/v1/articles/viewed',
  articlesSaved: '/v1/articles/saved',
  articlesLiked: '/v1/articles/liked',
  articlesInteractions: '/v1/articles/interactions',
  articlesForUser: '/v1/articles/user',
  articlesByCategory: (categoryId: string) => `/v1/articles/category/${pathSegment(categoryId)}`,
  articlesByPlaylist: (playlistId: string) => `/v1/articles/playlist/${pathSegment(playlistId)}`,
  articlesForDevice: (deviceId: string) => `/v1/articles/device/${pathSegment(deviceId)}`,
  article: (articleId: string) => `/v1/articles/${pathSegment(articleId)}`,
  articleTranscript: (articleId: string) => `/v1/articles/${pathSegment(articleId)}/transcript`,
  articleToggle: (toggle: 'like' | 'dislike' | 'save' | 'view') => `/v1/articles/${toggle}`,
  articleOgImage: (articleId: string) => `/api/articles/${pathSegment(articleId)}/ogimage.jpg`,

  search: '/v1/search',
  // AI search (SPEC §7 "AI", issue 14)
  aiAsk: '/v1/ai/ask',
  aiPlaylist: '/v1/ai/playlist',
  aiInstant: '/v1/ai/instant',
  aiResults: '/v1/ai/results',
  aiResult: (resultId: string) => `/v1/ai/results/${pathSegment(resultId)}`,
  categories: '/v1/categories',
  categoriesForUser: '/v1/categories/user',
  category: (categoryId: string) => `/v1/categories/${pathSegment(categoryId)}`,
  publishers: '/v1/publishers',
  publisher: (publisherId: string) => `/v1/publishers/${pathSegment(publisherId)}`,
  publisherArticles: (publisherId: string) => `/v1/publishers/${pathSegment(publisherId)}/articles`,
  playlist: (playlistId: string) => `/v1/playlists/${pathSegment(playlistId)}`,
  userScores: '/v1/scores/user',
  devices: '/v1/devices',
  device: (deviceId: string) => `/v1/devices/${pathSegment(deviceId)}`,
  devicePrecheck: (deviceIdOrCode: string) => `/v1/devices/${pathSegment(deviceIdOrCode)}/precheck`,
  deviceVerify: (deviceIdOrCode: string) => `/v1/devices/${pathSegment(deviceIdOrCode)}/verify`,
  deviceLease: (deviceId: string) => `/v1/devices/${pathSegment(deviceId)}/lease`,
  stories: '/v1/stories',
  story: (storyId: string) => `/v1/stories/${pathSegment(storyId)}`,
  storyArticles: (storyId: string) => `/v1/stories/${pathSegment(storyId)}/articles`,

  usersRegister: '/v1/users/register',
  usersVerify: '/v1/users/verify',
  usersLogin: '/v1/users/login',
  usersRefresh: '/v1/users/refresh',
  usersLogout: '/v1/users/logout',
  usersConfig: '/v1/users/config',
  usersUpdate: '/v1/users/update',
  usersDestroy: '/v1/users/destroy',
  usersResetPassword: '/v1/users/resetpassword',
  usersPublishers: '/v1/users/publishers',
  usersPublisher: '/v1/users/publisher',
  authAdmin: '/v1/auth/admin',
  authVendor: '/v1/auth/vendor',
  // Polls beside articles (issue 13)
  poll: (pollId: string) => `/v1/polls/${pathSegment(pollId)}`,
  pollsFind: '/v1/polls/find',
  pollVote: (pollId: string) => `/v1/polls/${pathSegment(pollId)}/vote`,
  pollCounts: (pollId: string) => `/v1/polls/${pathSegment(pollId)}/counts`,

  // Visitors (SPEC §7 "Status and visitors")
  visitors: '/v1/visitors',
  visitor: (visitorId: string) => `/v1/visitors/${pathSegment(visitorId)}`,
  visitorsDetect: '/v1/visitors/detect',
  // Analytics (SPEC §7 "Analytics proxy", DESIGN.md §5) and the error reporter's endpoint
  analyticsIngest: '/v1/proxy/kinesis',
  clientErrors: '/v1/client-errors',
  // Statistics (SPEC §7 "Playlist statistics")
  playlistPublisherLiveTime: '/v1/statistics/playlist/publisher_live_time',
  playlistArticleLiveTime: '/v1/statistics/playlist/article_live_time',
  // The signed-in reader's notifications inbox (issue 15)
  notifications: '/v1/notifications',
  notificationRead: (notificationId: string) => `/v1/notifications/${pathSegment(notificationId)}/read`,
  notificationsReadAll: '/v1/notifications/read-all',
  // The contact form (issue 17)
  contact: '/v1/contact',
  // The ad the player plays next (issue 17 item 1)
  adNext: '/v1/ads/next',
} as const;

/**
 * Subscriptions and card payments (SPEC §7; issue 17 items 2 and 3; their schemas are in
 * schemas/subscriptions.ts). Here, beside apiPaths, with no schema: the article page's first
 * screen carries the usage meter's path without TypeBox.
 */
/** The reader's calls, and the card-payment provider's (its path segment is `stripe` whichever provider runs). */
export const subscriptionApiPaths = {
  subscriptions: '/v1/subscriptions',
  subscription: (subscriptionId: string) => `/v1/subscriptions/${pathSegment(subscriptionId)}`,
  price: '/v1/subscriptions/price',
  /** The usage meter of the signed-in reader: read it (GET), or open an article against it (POST). */
  meter: '/v1/subscriptions/meter',
  checkout: '/v1/stripe/checkout',
  portal: '/v1/stripe/portal',
  webhook: '/v1/stripe/webhook',
  /** The built-in test provider's checkout session: read it, and pay it with a test card. */
  testCheckout: (sessionId: string) => `/v1/stripe/test-checkout/${pathSegment(sessionId)}`,
  /** The admin console's price table. */
  adminPrices: '/v1/admin/subscription-prices',
} as const;
