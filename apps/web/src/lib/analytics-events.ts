/**
 * Typed builders of the analytics events, over lib/analytics.ts's trackEvent. Every event's
 * article fields are built here (articleEventFields), in one place. The first screen does not
 * carry this file: lazily loaded parts import it, and first-screen buttons reach it through
 * withEventBuilders (lib/analytics.ts) when they are used.
 */
import type { Ad, ArticleSummary, Poll, PollAnswer, PollQuestion } from '@newsreel/contracts';
import { trackEvent, type AnalyticsRecord, type ArticleEventFields } from './analytics';

/** The article fields of any event about an article, built here only. */
export function articleEventFields(article: ArticleSummary): ArticleEventFields {
  const { location, publisher } = article;
  return {
    articleId: article.id,
    articleTitle: article.title,
    articleTerritory: article.territory,
    articleBreaking: article.breaking,
    ...(location && { articleLocationName: location.name, articleLocationLon: location.lon, articleLocationLat: location.lat }),
    publisherName: publisher.name,
    publisherId: publisher.id,
  };
}

/** Actions about one article: the reader's toggles and shares, and the player's media events. */
export type ArticleAction = 'Like' | 'Dislike' | 'Save' | 'Share' | 'Play' | 'Pause' | 'Seek' | 'Quartile' | 'Complete' | 'Watch Time';

/** An event about `article`, with whatever the action adds (a quartile, the seconds watched, …). */
export function trackArticleEvent(action: ArticleAction, article: ArticleSummary, fields: Record<string, unknown> = {}, now?: Date): AnalyticsRecord {
  return trackEvent(action, { ...articleEventFields(article), ...fields }, now);
}

/** The player's ad events (issue 17): shown, skipped, played to the end, clicked through. */
export type AdAction = 'Ad Impression' | 'Ad Skip' | 'Ad Complete' | 'Ad Click';

/** An event about `ad` (SPEC §3's ad fields; the ad_events partition), with the article it played before. */
export function trackAdEvent(action: AdAction, ad: Ad, article?: ArticleSummary | null, now?: Date): AnalyticsRecord {
  return trackEvent(action, { adId: ad.adId, adTitle: ad.adtitle, adMediaFile: ad.mediafile.file, ...(article && articleEventFields(article)) }, now);
}

export interface PollVote {
  poll: Pick<Poll, 'id' | 'name'>;
  question: Pick<PollQuestion, 'id' | 'label'>;
  answer: Pick<PollAnswer, 'id' | 'label'>;
  /** The article open when the reader answered. */
  article?: ArticleSummary | null;
}

export function trackPollVote({ poll, question, answer, article }: PollVote, now?: Date): AnalyticsRecord {
  return trackEvent(
    'Poll Vote',
    {
      pollId: poll.id,
      pollName: poll.name,
      pollQuestionId: question.id,
      pollQuestionLabel: question.label,
      pollAnswerId: answer.id,
      pollAnswerLabel: answer.label,
      ...(article && articleEventFields(article)),
    },
    now,
  );
}

export function trackSearch(query: string, searchType: string): AnalyticsRecord {
  return trackEvent('Search', { query, searchType });
}

export function trackRegionChange(regionIds: readonly number[]): AnalyticsRecord {
  return trackEvent('Region Change', { regionIds: [...regionIds] });
}

export function trackLanguageChange(language: string): AnalyticsRecord {
  return trackEvent('Language Change', { language });
}
