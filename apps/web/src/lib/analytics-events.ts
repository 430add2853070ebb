/**
 * Builders of the analytics events that lazily loaded parts send (the poll dialog, …): kept out
 * of lib/analytics.ts, which the first screen loads, so their code comes with those parts. Every
 * event's article fields are built here (articleEventFields), in one place.
 */
import type { ArticleSummary, Poll, PollAnswer, PollQuestion } from '@newsreel/contracts';
import { enqueue, type ArticleEventFields, type PollVoteEvent } from './analytics';

const timeFields = (now: Date) => ({ timestamp: now.toISOString(), epochSeconds: Math.floor(now.getTime() / 1000) });

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

export interface PollVote {
  poll: Pick<Poll, 'id' | 'name'>;
  question: Pick<PollQuestion, 'id' | 'label'>;
  answer: Pick<PollAnswer, 'id' | 'label'>;
  /** The article open when the reader answered. */
  article?: ArticleSummary | null;
}

export function trackPollVote({ poll, question, answer, article }: PollVote, now: Date = new Date()): PollVoteEvent {
  const event: PollVoteEvent = {
    action: 'Poll Vote',
    ...timeFields(now),
    pollId: poll.id,
    pollName: poll.name,
    pollQuestionId: question.id,
    pollQuestionLabel: question.label,
    pollAnswerId: answer.id,
    pollAnswerLabel: answer.label,
    ...(article && articleEventFields(article)),
  };
  enqueue(event);
  return event;
}
