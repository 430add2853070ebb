import {
  type AdminAiResultListQuery,
  type AiResult,
  type AiResultList,
  type AiResultStatistics,
  type AiResultStatisticsQuery,
  type ArticleAiWork,
  type ArticleTranslation,
  adminApiPaths,
} from '@newsreel/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useAdminApi } from '../hooks/use-admin-api';
import { adminContentKeys, useContentMutation } from './content-mutation';

const aiResults = ['admin', 'ai-results'] as const;

/** The AI pages' query keys: the stored results, their statistics, and the AI's work on one article. */
export const adminAiKeys = {
  all: aiResults,
  list: (query: AdminAiResultListQuery) => [...aiResults, 'list', query] as const,
  result: (resultId: string) => [...aiResults, 'detail', resultId] as const,
  statistics: (query: Required<AiResultStatisticsQuery>) => ['admin', 'statistics', 'ai-results', query] as const,
  articleWork: (articleId: string) => [...adminContentKeys.articles, 'ai', articleId] as const,
};

/** GET /v1/admin/ai-results: every stored AI result, filtered, searched, sorted and paged. */
export function useAdminAiResults(query: AdminAiResultListQuery) {
  const api = useAdminApi();
  return useQuery(
    queryOptions({
      queryKey: adminAiKeys.list(query),
      queryFn: ({ signal }) => api.get<AiResultList>(adminApiPaths.aiResults, { query: { ...query }, signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /v1/admin/ai-results/{id}: one result with its sentences and citations. */
export function useAdminAiResult(resultId: string | null) {
  const api = useAdminApi();
  return useQuery({
    queryKey: adminAiKeys.result(resultId ?? ''),
    queryFn: ({ signal }) => api.get<AiResult>(adminApiPaths.aiResult(resultId!), { signal }),
    enabled: resultId !== null,
  });
}

/** DELETE /v1/admin/ai-results/{id} (in the audit log); the lists and statistics are read again. */
export function useDeleteAiResult() {
  return useContentMutation((api, resultId: string) => api.delete<void>(adminApiPaths.aiResult(resultId)), {
    also: [aiResults, ['admin', 'statistics', 'ai-results']],
    forget: (resultId) => adminAiKeys.result(resultId),
  });
}

/** GET /v1/admin/statistics/ai-results: counts by type and day, not-found rate, timing, providers. */
export function useAiResultStatistics(query: Required<AiResultStatisticsQuery>) {
  const api = useAdminApi();
  return useQuery({
    queryKey: adminAiKeys.statistics(query),
    queryFn: ({ signal }) => api.get<AiResultStatistics>(adminApiPaths.statisticsAiResults, { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /v1/admin/articles/{id}/ai; read every 2 s while a translation is queued, so its end shows by itself. */
export function useArticleAiWork(articleId: string) {
  const api = useAdminApi();
  return useQuery({
    queryKey: adminAiKeys.articleWork(articleId),
    queryFn: ({ signal }) => api.get<ArticleAiWork>(adminApiPaths.articleAi(articleId), { signal }),
    refetchInterval: (query) => (query.state.data?.translations.some((translation) => translation.state === 'queued') ? 2_000 : false),
  });
}

/** POST /v1/admin/articles/{id}/translate {language}: queued in the background. */
export function useTranslateArticle() {
  return useContentMutation(
    (api, { articleId, language }: { articleId: string; language: string }) => api.post<ArticleTranslation>(adminApiPaths.articleTranslate(articleId), { language }),
    { also: [adminContentKeys.articles] },
  );
}
