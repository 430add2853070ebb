/**
 * Who may call each route under /v1: the one table access is decided from (docs/security.md has
 * the same in prose). A route registered without a row here stops the server from starting, and
 * the authorization-matrix test (access-matrix.test.ts) calls every row as every kind of caller.
 *
 * - anyone: no sign-in needed; credentials are not even read. `personal: true` marks reads that
 *   answer the caller's own part too when they name themselves (token or visitorId).
 * - reader: a personal route: the signed-in user (from the token), or without one the visitor the
 *   request names by visitorId; 401 when it names no one.
 * - user: a signed-in user (a user- or admin-scoped token).
 * - admin: a user holding an admin role, with an admin token from POST /v1/auth/admin (`token:
 *   'user'` for the call that hands that token out). `moderator`: content, open to moderators and
 *   superusers; `superuser`: people, roles, vendors, keys and publishers, superusers only.
 * - publisher: a user of the publisher named by the path parameter, or with `publisher: 'active'`
 *   of the caller's active publisher (chosen with PUT /v1/users/publisher; the studio's article
 *   routes, whose paths name no publisher): `member` manages its articles (admins too); `admin` its
 *   users, settings and branding. Handlers read the publisher with `actingPublisherIdOf(request)`.
 * - vendor: the vendor named by the path parameter, with a vendor token of its API key, or as a
 *   signed-in user of that vendor. `vendor: 'own'`: the caller's own vendor, which the route does
 *   not name: the vendor of the API key behind a vendor token, or for a signed-in user the vendor
 *   they belong to (the first by name when they belong to several; the same one POST
 *   /v1/auth/vendor names for a user's key). 403 for a user of no vendor. Handlers read it with
 *   ownVendorIdOf(request) (http/access.ts).
 */
export type AccessRule =
  | { who: 'anyone'; personal?: boolean }
  | { who: 'reader' }
  | { who: 'user' }
  | { who: 'admin'; role: 'moderator' | 'superuser'; token?: 'admin' | 'user' }
  | { who: 'publisher'; role: 'member' | 'admin'; publisher: { param: string } | 'active' }
  | { who: 'vendor'; vendor: { param: string } | 'own' };

const anyone: AccessRule = { who: 'anyone' };
const anyoneOrReader: AccessRule = { who: 'anyone', personal: true };
const reader: AccessRule = { who: 'reader' };
const user: AccessRule = { who: 'user' };
const superuser: AccessRule = { who: 'admin', role: 'superuser' };
const moderator: AccessRule = { who: 'admin', role: 'moderator' };
const publisherAdmin: AccessRule = { who: 'publisher', role: 'admin', publisher: { param: 'id' } };
const publisherMember: AccessRule = { who: 'publisher', role: 'member', publisher: 'active' };
const ownVendor: AccessRule = { who: 'vendor', vendor: 'own' };

/** `METHOD /path` (Fastify's pattern) → rule. Grouped by domain, in SPEC §7's order. */
export const ACCESS_TABLE: Readonly<Record<string, AccessRule>> = {
  // Regions, locations, config
  'GET /v1/regions': anyone,
  'GET /v1/regions/detect': anyone,
  'POST /v1/locations': anyone,
  'GET /v1/locations/detect': anyone,
  'GET /v1/config/app': anyone,

  // Users (SPEC §7 "Users"): signing in and out needs no token; the rest is the user's own.
  'POST /v1/users/register': anyone,
  'POST /v1/users/verify': anyone,
  'POST /v1/users/login': anyone,
  // The refresh token travels in its cookie, checked by the session service (with an Origin check).
  'POST /v1/users/refresh': anyone,
  'POST /v1/users/logout': anyone,
  'POST /v1/users/resetpassword': anyone,
  'PUT /v1/users/resetpassword': anyone,
  'GET /v1/users/config': reader,
  'PUT /v1/users/config': reader,
  'PUT /v1/users/update': user,
  'DELETE /v1/users/destroy': user,
  'GET /v1/users/publishers': user,
  'PUT /v1/users/publisher': user,

  // Auth (SPEC §7 "Auth")
  'POST /v1/auth/admin': { who: 'admin', role: 'moderator', token: 'user' },
  // The API key in the body is the credential.
  'POST /v1/auth/vendor': anyone,

  // Articles: public lists, and the reader's own
  'GET /v1/articles': anyone,
  'GET /v1/articles/summary': anyone,
  'GET /v1/articles/breaking': anyone,
  'GET /v1/articles/trending': anyone,
  'GET /v1/articles/pulse': anyone,
  'GET /v1/articles/radar': anyone,
  'GET /v1/articles/load': anyone,
  'GET /v1/articles/category/:id': anyone,
  'GET /v1/articles/playlist/:id': anyone,
  'GET /v1/articles/:id': anyone,
  'GET /v1/articles/:id/transcript': anyone,
  'GET /v1/articles/interactions': anyoneOrReader,
  'GET /v1/articles/user': reader,
  'GET /v1/articles/viewed': reader,
  'GET /v1/articles/saved': reader,
  'GET /v1/articles/liked': reader,
  'POST /v1/articles/like': reader,
  'POST /v1/articles/dislike': reader,
  'POST /v1/articles/save': reader,
  'POST /v1/articles/view': reader,
  // The device's own secret, or its owner (checked by the device service).
  'GET /v1/articles/device/:id': anyoneOrReader,
  'GET /v1/search': anyone,
  // AI search (SPEC §7 "AI"): anyone may ask; results are shared by link.
  'POST /v1/ai/ask': anyone,
  'POST /v1/ai/playlist': anyone,
  'POST /v1/ai/instant': anyone,
  'GET /v1/ai/results': anyone,
  'GET /v1/ai/results/:id': anyone,

  // Other public reads
  'GET /v1/categories': anyone,
  'GET /v1/categories/user': reader,
  'GET /v1/categories/:id': anyone,
  'GET /v1/publishers': anyone,
  'GET /v1/publishers/:id': anyone,
  'GET /v1/publishers/:id/articles': anyone,
  'GET /v1/playlists/:id': anyone,
  'GET /v1/stories': anyone,
  'GET /v1/stories/:id': anyone,
  'GET /v1/stories/:id/articles': anyone,
  'GET /v1/scores/user': reader,
  'POST /v1/scores/user': reader,

  // The inbox of scheduled notifications: signed-in users' own (notifications go to accounts).
  'GET /v1/notifications': user,
  'POST /v1/notifications/:id/read': user,
  'POST /v1/notifications/read-all': user,

  // Subscriptions and card payments (SPEC §7 "Subscriptions, payments and contact"): the signed-in
  // reader's own (another's is a 404); the price is public; Stripe's webhook is checked by its
  // signature (subscription-service.ts).
  'GET /v1/subscriptions': user,
  'GET /v1/subscriptions/price': anyone,
  // The usage meter of signed-in readers (anonymous readers are metered in their browser).
  'GET /v1/subscriptions/meter': user,
  'POST /v1/subscriptions/meter': user,
  'GET /v1/subscriptions/:id': user,
  'DELETE /v1/subscriptions/:id': user,
  'POST /v1/stripe/checkout': user,
  'POST /v1/stripe/portal': user,
  'POST /v1/stripe/webhook': anyone,
  'GET /v1/stripe/test-checkout/:sessionId': user,
  'POST /v1/stripe/test-checkout/:sessionId': user,
  // The contact form: anyone may write; the token is read so a signed-in reader's account is
  // recorded with the message (modules/contact).
  'POST /v1/contact': anyoneOrReader,

  // The ad the player plays next (issue 17 item 1): the token is read so a subscriber gets none.
  'GET /v1/ads/next': anyoneOrReader,

  // Polls (SPEC §7 "Polls (public)"): votes name the visitor in the body, as SPEC §3's poll vote does.
  'GET /v1/polls/:id': anyone,
  'POST /v1/polls/find': anyone,
  'POST /v1/polls/:id/vote': anyone,
  'GET /v1/polls/:id/counts': anyone,

  // Devices: the screen registers and leases with its own secret; the reader pairs and owns it.
  'POST /v1/devices': anyone,
  'POST /v1/devices/:id/lease': anyone,
  'DELETE /v1/devices/:id/lease': anyone,
  'GET /v1/devices/:id/precheck': anyoneOrReader,
  'GET /v1/devices/:id/verify': reader,
  'GET /v1/devices': reader,
  'PUT /v1/devices/:id': reader,
  // The owner, or the device itself with its secret (it unpairs itself).
  'DELETE /v1/devices/:id': anyoneOrReader,

  // Publisher management (/v1/manage)
  'GET /v1/manage/publishers/:id/users': { who: 'publisher', role: 'admin', publisher: { param: 'id' } },
  'GET /v1/manage/mrss/load': { who: 'publisher', role: 'member', publisher: 'active' },
  // The video-player provider segment: posters of the active publisher's own articles' media.
  'PUT /v1/manage/player/media/:id/keyframe': { who: 'publisher', role: 'member', publisher: 'active' },
  'PUT /v1/manage/player/media/:id/thumbnail/import': { who: 'publisher', role: 'member', publisher: 'active' },
  // Resumable uploads (tus) of media to the active publisher's own articles.
  'POST /v1/manage/player/media': { who: 'publisher', role: 'member', publisher: 'active' },
  'PATCH /v1/manage/player/media/:id': { who: 'publisher', role: 'member', publisher: 'active' },
  'HEAD /v1/manage/player/media/:id': { who: 'publisher', role: 'member', publisher: 'active' },
  'DELETE /v1/manage/player/media/:id': { who: 'publisher', role: 'member', publisher: 'active' },
  // Settings and branding name the publisher in the path: its admins only. The logo's and banner's
  // bytes go to the uploadUrl the branding call answers.
  'GET /v1/manage/publishers/:id/settings': publisherAdmin,
  'PUT /v1/manage/publishers/:id/settings': publisherAdmin,
  'PUT /v1/manage/publishers/:id/settings/branding': publisherAdmin,
  'PUT /v1/manage/publishers/:id/settings/branding/:image': publisherAdmin,
  // Articles are the caller's active publisher's (PUT /v1/users/publisher chooses it; a path never
  // names the publisher): its members and admins. An article of another publisher is a 404.
  'GET /v1/manage/articles': publisherMember,
  'GET /v1/manage/articles/search': publisherMember,
  'GET /v1/manage/articles/:id': publisherMember,
  'DELETE /v1/manage/articles/:id': publisherMember,
  'DELETE /v1/manage/articles/:id/cache': publisherMember,
  'POST /v1/manage/articles/bundle': publisherMember,
  'PUT /v1/manage/articles/bundle/:id': publisherMember,
  // The dashboard: the active publisher's own articles' figures.
  'GET /v1/manage/statistics': publisherMember,

  // Vendor (/v1/vendor)
  'GET /v1/vendor/:id': { who: 'vendor', vendor: { param: 'id' } },
  // The vendor's own keys and the articles vendors read: always the caller's own vendor.
  'GET /v1/vendor/api-keys': ownVendor,
  'POST /v1/vendor/api-keys': ownVendor,
  'DELETE /v1/vendor/api-keys/:id': ownVendor,
  'POST /v1/vendor/api-keys/:id/rotate': ownVendor,
  'GET /v1/vendor/articles': ownVendor,
  'GET /v1/vendor/articles/search': ownVendor,
  'GET /v1/vendor/articles/:id': ownVendor,

  // Admin (/v1/admin)
  // People (SPEC §7 Admin): users, admin roles, vendors with their users, API keys; superusers only.
  'GET /v1/admin/users': superuser,
  'GET /v1/admin/users/:id': superuser,
  'PUT /v1/admin/users/:id': superuser,
  'DELETE /v1/admin/users/:id': superuser,
  'PUT /v1/admin/users/:id/config': superuser,
  'GET /v1/admin/admin-roles': superuser,
  'POST /v1/admin/admin-roles': superuser,
  'PUT /v1/admin/admin-roles/:userId': superuser,
  'DELETE /v1/admin/admin-roles/:userId': superuser,
  'GET /v1/admin/vendors': superuser,
  'POST /v1/admin/vendors': superuser,
  'GET /v1/admin/vendors/:id': superuser,
  'PUT /v1/admin/vendors/:id': superuser,
  'DELETE /v1/admin/vendors/:id': superuser,
  'GET /v1/admin/vendors/:id/users': superuser,
  'POST /v1/admin/vendors/:id/users': superuser,
  'PUT /v1/admin/vendors/:id/users/:userId': superuser,
  'DELETE /v1/admin/vendors/:id/users/:userId': superuser,
  'GET /v1/admin/api-keys': superuser,
  'POST /v1/admin/api-keys': superuser,
  'DELETE /v1/admin/api-keys/:id': superuser,
  // The poll studio: content, so moderators too.
  'GET /v1/admin/polls': moderator,
  'POST /v1/admin/polls': moderator,
  'GET /v1/admin/polls/:id': moderator,
  'PUT /v1/admin/polls/:id': moderator,
  'DELETE /v1/admin/polls/:id': moderator,
  'PUT /v1/admin/polls/:id/asset': moderator,
  'DELETE /v1/admin/polls/:id/asset': moderator,
  'PUT /v1/admin/polls/:id/asset/file': moderator,
  'GET /v1/admin/polls/:id/targets': moderator,
  'POST /v1/admin/polls/:id/targets': moderator,
  'GET /v1/admin/polls/:id/targets/:targetId': moderator,
  'PUT /v1/admin/polls/:id/targets/:targetId': moderator,
  'DELETE /v1/admin/polls/:id/targets/:targetId': moderator,
  'GET /v1/admin/polls/:id/questions': moderator,
  'POST /v1/admin/polls/:id/questions': moderator,
  'GET /v1/admin/polls/:id/questions/:questionId': moderator,
  'PUT /v1/admin/polls/:id/questions/:questionId': moderator,
  'DELETE /v1/admin/polls/:id/questions/:questionId': moderator,
  'GET /v1/admin/polls/:id/questions/:questionId/answers': moderator,
  'POST /v1/admin/polls/:id/questions/:questionId/answers': moderator,
  'GET /v1/admin/polls/:id/questions/:questionId/answers/:answerId': moderator,
  'PUT /v1/admin/polls/:id/questions/:questionId/answers/:answerId': moderator,
  'DELETE /v1/admin/polls/:id/questions/:questionId/answers/:answerId': moderator,
  'GET /v1/admin/polls/:id/results/counts': moderator,
  // Articles and their review (approve, needs work, reject summary) and cache: content, so moderators too.
  'GET /v1/admin/articles': moderator,
  'GET /v1/admin/articles/:id': moderator,
  'PUT /v1/admin/articles/:id': moderator,
  'DELETE /v1/admin/articles/:id': moderator,
  'POST /v1/admin/articles/:id/approve': moderator,
  'POST /v1/admin/articles/:id/needs-work': moderator,
  'POST /v1/admin/articles/:id/reject-summary': moderator,
  'DELETE /v1/admin/articles/:id/cache': moderator,
  // The AI's work on articles (SPEC §7 article extras translate and process) is content.
  'GET /v1/admin/articles/:id/ai': moderator,
  'POST /v1/admin/articles/:id/translate': moderator,
  'POST /v1/admin/articles/:id/process': moderator,
  'GET /v1/admin/articles/:id/media-assets': moderator,
  'POST /v1/admin/articles/:id/media-assets': moderator,
  'DELETE /v1/admin/articles/:id/media-assets/:assetId': moderator,
  'POST /v1/admin/articles/:id/test-media-pipeline': moderator,
  // What the AI made (SPEC §7 AI results, statistics for ai-results) is content too.
  'GET /v1/admin/ai-results': moderator,
  'GET /v1/admin/ai-results/:id': moderator,
  'DELETE /v1/admin/ai-results/:id': moderator,
  'GET /v1/admin/statistics/ai-results': moderator,
  // Statistics: any admin reads them.
  'GET /v1/admin/statistics/article_plays_last_days': moderator,
  'GET /v1/admin/statistics/summary': moderator,
  'GET /v1/admin/statistics/events': moderator,
  'GET /v1/admin/statistics/device-invites': moderator,
  // Background jobs: superusers see them and retry the failed ones.
  'GET /v1/admin/jobs': superuser,
  'POST /v1/admin/jobs/:id/retry': superuser,
  // The audit log: superusers read it; there is no route that changes it.
  'GET /v1/admin/audit': superuser,
  // Categories are content (moderators too); publishers and their users are superusers' alone.
  'GET /v1/admin/categories': moderator,
  'POST /v1/admin/categories': moderator,
  'GET /v1/admin/categories/:id': moderator,
  'PUT /v1/admin/categories/:id': moderator,
  'DELETE /v1/admin/categories/:id': moderator,
  'GET /v1/admin/publishers': superuser,
  'POST /v1/admin/publishers': superuser,
  'GET /v1/admin/publishers/:id': superuser,
  'PUT /v1/admin/publishers/:id': superuser,
  'DELETE /v1/admin/publishers/:id': superuser,
  'GET /v1/admin/publishers/:id/users': superuser,
  'POST /v1/admin/publishers/:id/users': superuser,
  'PUT /v1/admin/publishers/:id/users/:userId': superuser,
  'DELETE /v1/admin/publishers/:id/users/:userId': superuser,
  // Playlists and stories with their articles are content (moderators too).
  'GET /v1/admin/playlists': moderator,
  'POST /v1/admin/playlists': moderator,
  'GET /v1/admin/playlists/:id': moderator,
  'PUT /v1/admin/playlists/:id': moderator,
  'DELETE /v1/admin/playlists/:id': moderator,
  'GET /v1/admin/playlists/:id/articles': moderator,
  'POST /v1/admin/playlists/:id/articles': moderator,
  'POST /v1/admin/playlists/:id/articles/batch': moderator,
  'DELETE /v1/admin/playlists/:id/articles': moderator,
  'PUT /v1/admin/playlists/:id/articles/order': moderator,
  'GET /v1/admin/stories': moderator,
  'POST /v1/admin/stories': moderator,
  'GET /v1/admin/stories/:id': moderator,
  'PUT /v1/admin/stories/:id': moderator,
  'DELETE /v1/admin/stories/:id': moderator,
  'DELETE /v1/admin/stories/:id/cache': moderator,
  'GET /v1/admin/stories/:id/assets': moderator,
  'POST /v1/admin/stories/:id/assets': moderator,
  'PUT /v1/admin/stories/:id/assets/:assetId/file': moderator,
  'DELETE /v1/admin/stories/:id/assets/:assetId': moderator,
  'GET /v1/admin/stories/:id/articles': moderator,
  'POST /v1/admin/stories/:id/articles': moderator,
  'POST /v1/admin/stories/:id/articles/batch': moderator,
  'DELETE /v1/admin/stories/:id/articles': moderator,
  'PUT /v1/admin/stories/:id/articles/order': moderator,
  // Scheduled notifications are content (moderators write and schedule them); what reaches every
  // inbox of an audience and many mailboxes is approved by a superuser (notification-lifecycle.ts).
  'GET /v1/admin/notifications': moderator,
  'POST /v1/admin/notifications': moderator,
  'GET /v1/admin/notifications/:id': moderator,
  'PUT /v1/admin/notifications/:id': moderator,
  'DELETE /v1/admin/notifications/:id': moderator,
  'POST /v1/admin/notifications/:id/approve': superuser,
  // The ad inventory (issue 17 item 1) is content: moderators and superusers.
  'GET /v1/admin/ads': moderator,
  'POST /v1/admin/ads': moderator,
  'GET /v1/admin/ads/:id': moderator,
  'PUT /v1/admin/ads/:id': moderator,
  'DELETE /v1/admin/ads/:id': moderator,
  'PUT /v1/admin/ads/:id/media': moderator,
  // Messages from the contact form: read and marked handled by moderators and superusers.
  'GET /v1/admin/contact-messages': moderator,
  'PUT /v1/admin/contact-messages/:id': moderator,

  // The subscription price table: money, so superusers only.
  'GET /v1/admin/subscription-prices': superuser,
  'PUT /v1/admin/subscription-prices': superuser,
  // The usage meter's settings: what readers get free, so superusers only, as the prices.
  'GET /v1/admin/subscription-meter': superuser,
  'PUT /v1/admin/subscription-meter': superuser,

  // Visitors (SPEC §7): a visitor is named by its id, which only its browser knows. Creating and
  // updating read the token (personal) because a signed-in caller's visitor takes their user id;
  // reading does because only its user reads a visitor linked to an account.
  'POST /v1/visitors': anyoneOrReader,
  'GET /v1/visitors/detect': anyone,
  'GET /v1/visitors/:id': anyoneOrReader,
  'PUT /v1/visitors/:id': anyoneOrReader,

  // Analytics ingest and client error reports: anonymous writes, rate-limited.
  'POST /v1/proxy/kinesis': anyone,
  'POST /v1/client-errors': anyone,

  // Playlist statistics: the `token` query parameter (a key from settings) is the credential.
  'GET /v1/statistics/playlist/publisher_live_time': anyone,
  'GET /v1/statistics/playlist/article_live_time': anyone,
};

export function accessRuleOf(method: string, url: string): AccessRule | undefined {
  return ACCESS_TABLE[`${method} ${url}`];
}
