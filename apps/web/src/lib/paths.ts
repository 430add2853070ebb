/** The app's own page addresses; links are built here, never by hand in components. */
const segment = (id: string | number) => encodeURIComponent(String(id));

/**
 * The pages the account mails link to: contracts' VERIFY_PAGE_PATH and RESET_PAGE_PATH, written
 * out because importing a value from contracts' accounts module brings its TypeBox schemas into
 * the start bundle (~7 KB); paths.test.ts keeps them in step.
 */
export const VERIFY_PAGE = '/account/verify';
export const RESET_PAGE = '/account/reset';

/** `path` with `name=value` in its query string, or `path` alone when there is no value. */
const withParam = (path: string, name: string, value: string | undefined) =>
  value ? `${path}?${new URLSearchParams({ [name]: value }).toString()}` : path;

export const paths = {
  home: { pattern: '/', href: () => '/' },
  article: {
    pattern: '/v/:articleId',
    /** `startAt` (seconds) opens the player at that moment: `/v/{id}?t=83`. */
    href: (articleId: string | number, options: { startAt?: number; language?: string } = {}) => {
      const query = new URLSearchParams();
      if (options.startAt !== undefined && options.startAt > 0) query.set('t', String(Math.floor(options.startAt)));
      if (options.language) query.set('language', options.language);
      const search = query.toString();
      return `/v/${segment(articleId)}${search ? `?${search}` : ''}`;
    },
  },
  stories: { pattern: '/stories', href: () => '/stories' },
  story: { pattern: '/stories/:storyId', href: (storyId: string) => `/stories/${segment(storyId)}` },
  categories: { pattern: '/categories', href: () => '/categories' },
  category: { pattern: '/categories/:categoryId', href: (categoryId: string) => `/categories/${segment(categoryId)}` },
  publishers: { pattern: '/publishers', href: () => '/publishers' },
  publisher: { pattern: '/publishers/:publisherId', href: (publisherId: string) => `/publishers/${segment(publisherId)}` },
  playlist: { pattern: '/playlists/:playlistId', href: (playlistId: string) => `/playlists/${segment(playlistId)}` },
  breaking: { pattern: '/breaking', href: () => '/breaking' },
  trending: { pattern: '/trending', href: () => '/trending' },
  local: { pattern: '/local', href: () => '/local' },
  search: {
    pattern: '/search',
    href: (q = '', type?: string) => {
      const query = new URLSearchParams();
      if (q) query.set('q', q);
      if (type && type !== 'all') query.set('type', type);
      const search = query.toString();
      return `/search${search ? `?${search}` : ''}`;
    },
  },
  library: {
    pattern: '/library/:shelf?',
    href: (shelf: 'saved' | 'history' | 'liked' = 'saved') => `/library/${shelf}`,
  },
  appDownload: { pattern: '/app', href: () => '/app' },
  /** The contact form (features/contact): a message to the people who run the app. */
  contact: { pattern: '/contact', href: () => '/contact' },
  /** The AI search (features/ai): asking, AI playlists and the reader's history; `/ai/*` is one route. */
  ai: { pattern: '/ai', href: () => '/ai' },
  /** A stored AI result, shareable by link. */
  aiResult: { pattern: '/ai/results/:resultId', href: (resultId: string) => `/ai/results/${segment(resultId)}` },
  /** The reader's account and settings (signed in only). */
  account: { pattern: '/account', href: () => '/account' },
  /** `next`: the page to return to once signed in (a path of this app; see features/account/lib/next-path.ts). */
  signIn: { pattern: '/account/signin', href: (next?: string) => withParam('/account/signin', 'next', next) },
  register: { pattern: '/account/register', href: (next?: string) => withParam('/account/register', 'next', next) },
  /** The page the confirmation mail's link opens, with its key. */
  verifyEmail: { pattern: VERIFY_PAGE, href: (key?: string) => withParam(VERIFY_PAGE, 'key', key) },
  forgotPassword: { pattern: '/account/forgot', href: () => '/account/forgot' },
  /** The page the password-reset mail's link opens, with its key. */
  resetPassword: { pattern: RESET_PAGE, href: (key?: string) => withParam(RESET_PAGE, 'key', key) },
  /** The reader's subscription (signed in only; when the app config turns subscriptions on). */
  subscription: { pattern: '/account/subscription', href: () => '/account/subscription' },
  /** The reader's paired screens (features/devices): rename, see which plays, unpair. */
  devices: { pattern: '/account/devices', href: () => '/account/devices' },
  /** Pairing a screen (features/devices): the code the screen shows, typed or from its QR code's link. */
  pair: { pattern: '/pair', href: (code?: string) => withParam('/pair', 'code', code) },
  /** The television app (features/tv): a screen shows its code here, then plays its owner's feed. */
  tv: { pattern: '/tv', href: () => '/tv' },
  /** The built-in test payment provider's checkout page (the server answers its address). */
  testCheckout: { pattern: '/account/subscription/checkout/:sessionId', href: (sessionId: string) => `/account/subscription/checkout/${segment(sessionId)}` },
  /**
   * The admin console (signed-in users with an admin role); the pages under it are in
   * features/admin/admin-paths.ts, which only the console loads.
   */
  admin: { pattern: '/admin', href: () => '/admin' },
  /** The vendor area (signed-in users of a vendor): its API keys and a guide to the vendor API. */
  vendor: { pattern: '/vendor', href: () => '/vendor' },
  /**
   * The publisher studio (users of a publisher); the pages under it are in
   * features/manage/manage-paths.ts, which only the studio loads.
   */
  manage: { pattern: '/manage', href: () => '/manage' },
} as const;
