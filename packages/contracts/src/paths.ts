/** API paths shared by the server's routes and the web's fetchers (SPEC §7). */
const segment = (id: string | number) => encodeURIComponent(String(id));

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
  articlesInteractions: '/v1/articles/interactions',
  articlesByCategory: (categoryId: string) => `/v1/articles/category/${segment(categoryId)}`,
  articlesByPlaylist: (playlistId: string) => `/v1/articles/playlist/${segment(playlistId)}`,
  article: (articleId: string) => `/v1/articles/${segment(articleId)}`,
  articleTranscript: (articleId: string) => `/v1/articles/${segment(articleId)}/transcript`,
  articleToggle: (toggle: 'like' | 'dislike' | 'save' | 'view') => `/v1/articles/${toggle}`,
  articleOgImage: (articleId: string) => `/api/articles/${segment(articleId)}/ogimage.jpg`,

  search: '/v1/search',
  categories: '/v1/categories',
  category: (categoryId: string) => `/v1/categories/${segment(categoryId)}`,
  publishers: '/v1/publishers',
  publisher: (publisherId: string) => `/v1/publishers/${segment(publisherId)}`,
  publisherArticles: (publisherId: string) => `/v1/publishers/${segment(publisherId)}/articles`,
  playlist: (playlistId: string) => `/v1/playlists/${segment(playlistId)}`,
  stories: '/v1/stories',
  story: (storyId: string) => `/v1/stories/${segment(storyId)}`,
  storyArticles: (storyId: string) => `/v1/stories/${segment(storyId)}/articles`,
} as const;
