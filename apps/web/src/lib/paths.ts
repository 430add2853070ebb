/** The app's own page addresses; links are built here, never by hand in components. */
const segment = (id: string | number) => encodeURIComponent(String(id));

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
} as const;
