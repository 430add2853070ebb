import type { AdminArticle } from '@newsreel/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { serverMessageOf } from '../../../lib/errors';
import { reportError } from '../../../lib/error-reporting';
import { approveArticle } from '../api/approve-article';
import { adminContentKeys } from '../api/content-mutation';
import { useAdminApi } from './use-admin-api';

export interface BulkFailure {
  article: Pick<AdminArticle, 'id' | 'title'>;
  /** The server's reason (a 409 names the article's state), or the generic text. */
  message: string;
}

export interface BulkApproval {
  /** While it runs: how many were tried, of how many. */
  progress: { done: number; total: number } | null;
  /** Once it ends: what was approved and what was not, with why. */
  result: { approved: number; failed: BulkFailure[] } | null;
  run: (articles: readonly Pick<AdminArticle, 'id' | 'title'>[]) => Promise<void>;
  dismiss: () => void;
}

/**
 * Approves several articles one after another (the API approves one at a time), so each is tried
 * whatever the one before it answered; the lists are read again once at the end.
 */
export function useBulkApprove(): BulkApproval {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const [progress, setProgress] = useState<BulkApproval['progress']>(null);
  const [result, setResult] = useState<BulkApproval['result']>(null);
  const generic = t('errors.generic');

  const run = useCallback(
    async (articles: readonly Pick<AdminArticle, 'id' | 'title'>[]) => {
      setResult(null);
      const failed: BulkFailure[] = [];
      let approved = 0;
      for (const [index, article] of articles.entries()) {
        setProgress({ done: index, total: articles.length });
        try {
          await approveArticle(api, article.id);
          approved += 1;
        } catch (error) {
          failed.push({ article: { id: article.id, title: article.title }, message: serverMessageOf(error) ?? generic });
          // A refusal (409: no longer awaiting review) is the answer itself; anything else is a fault.
          if (!isApiError(error) || error.status >= 500) reportError(error, { action: 'bulk approval', articleId: article.id });
        }
      }
      setProgress(null);
      setResult({ approved, failed });
      await Promise.all([adminContentKeys.articles, adminContentKeys.auditAll].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    [api, generic, queryClient],
  );
  return { progress, result, run, dismiss: useCallback(() => setResult(null), []) };
}
