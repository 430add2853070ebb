import { ArticleStatus, ReviewStatus, type AdminArticle } from '@newsreel/contracts';

/**
 * The review actions the console offers for an article, by its state: the same moves the server's
 * lifecycle allows (apps/server/src/modules/articles/article-lifecycle.ts; docs/architecture.md,
 * "Article lifecycle"). The server decides; this only keeps buttons that would be refused off the
 * page. Purging the caches, editing and deleting apply in every state.
 */
export interface ReviewActions {
  /** Awaiting review: live now, or at its scheduled time. */
  approve: boolean;
  /** Awaiting review, scheduled or live: back to the publisher with a reason. */
  needsWork: boolean;
  /** Awaiting review with a summary the AI wrote. */
  rejectSummary: boolean;
}

const { PENDING, ACTIVE, SCHEDULED, REVIEW } = ArticleStatus;
const { NONE, AWAITING_REVIEW, APPROVED } = ReviewStatus;

export function isAwaitingReview(article: Pick<AdminArticle, 'status' | 'reviewStatus'>): boolean {
  return article.status === REVIEW && article.reviewStatus === AWAITING_REVIEW;
}

export function reviewActionsOf(article: Pick<AdminArticle, 'status' | 'reviewStatus' | 'summaryByAi'>): ReviewActions {
  const awaiting = isAwaitingReview(article);
  const { status, reviewStatus } = article;
  return {
    approve: awaiting,
    needsWork: awaiting || (status === SCHEDULED && reviewStatus === APPROVED) || (status === ACTIVE && (reviewStatus === APPROVED || reviewStatus === NONE)),
    rejectSummary: awaiting && article.summaryByAi,
  };
}

/** Colours of an article's status as a chip: live green, waiting for a person amber, back with its publisher grey. */
export const ARTICLE_STATUS_COLOURS = {
  [PENDING]: 'default',
  [ACTIVE]: 'success',
  [ArticleStatus.PREPARING]: 'info',
  [SCHEDULED]: 'info',
  [ArticleStatus.AI_POPULATE]: 'info',
  [REVIEW]: 'warning',
} as const satisfies Record<ArticleStatus, string>;

export const REVIEW_STATUS_COLOURS = {
  [NONE]: 'default',
  [AWAITING_REVIEW]: 'warning',
  [APPROVED]: 'success',
  [ReviewStatus.NEEDS_WORK]: 'error',
} as const satisfies Record<ReviewStatus, string>;
