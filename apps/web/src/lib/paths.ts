/** The app's own page addresses; links are built here, never by hand in components. */
export const paths = {
  home: { pattern: '/', href: () => '/' },
  article: {
    pattern: '/v/:articleId',
    href: (articleId: string | number) => `/v/${encodeURIComponent(String(articleId))}`,
  },
} as const;

/** API paths the web app calls that packages/contracts does not list yet. */
export const pendingApiPaths = {
  article: (articleId: string | number) => `/v1/articles/${encodeURIComponent(String(articleId))}`,
} as const;
