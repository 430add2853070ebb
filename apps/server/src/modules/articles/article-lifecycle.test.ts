import { ArticleStatus, ReviewStatus, enumValues } from '@newsreel/contracts';
import { describe, expect, it } from 'vitest';
import {
  ARTICLE_TRANSITIONS,
  REJECTED_SUMMARY_NOTE,
  nextArticleState,
  type ArticleEvent,
  type ArticleFacts,
  type ArticleState,
} from './article-lifecycle';

const NOW = new Date('2026-11-26T12:00:00.000Z');
const LATER = new Date('2026-11-26T18:00:00.000Z');
const EARLIER = new Date('2026-11-26T06:00:00.000Z');
const { PENDING, ACTIVE, PREPARING, SCHEDULED, AI_POPULATE, REVIEW } = ArticleStatus;
const { NONE, AWAITING_REVIEW, APPROVED, NEEDS_WORK } = ReviewStatus;

/** A complete article (media, a person's summary, no schedule) in `state`, with `facts` over it. */
const article = (status: ArticleState['status'], reviewStatus: ArticleState['reviewStatus'], facts: Partial<ArticleFacts> = {}): ArticleFacts => ({
  status,
  reviewStatus,
  hasMedia: true,
  hasSummary: true,
  summaryByAi: false,
  scheduledAt: null,
  ...facts,
});

/** Facts under which each event's guard lets a state in its `from` through. */
const PASSING: Record<ArticleEvent, Partial<ArticleFacts>> = {
  submit: {},
  revise: {},
  'media-ready': {},
  'summary-ready': {},
  approve: {},
  'needs-work': {},
  'reject-summary': { summaryByAi: true },
  'schedule-due': { scheduledAt: EARLIER },
};

const ALL_STATES = enumValues(ArticleStatus).flatMap((status) => enumValues(ReviewStatus).map((reviewStatus) => ({ status, reviewStatus })));

describe('the article lifecycle', () => {
  it('names every event once', () => {
    expect(ARTICLE_TRANSITIONS.map((rule) => rule.event).sort()).toEqual(
      ['approve', 'media-ready', 'needs-work', 'reject-summary', 'revise', 'schedule-due', 'submit', 'summary-ready'],
    );
  });

  describe.each(ARTICLE_TRANSITIONS.map((rule) => [rule.event, rule] as const))('%s', (event, rule) => {
    it.each(rule.from.map((from) => [`${from.status}/${from.reviewStatus}`, from] as const))('is allowed from %s, to a state it names', (_label, from) => {
      const outcome = nextArticleState(article(from.status, from.reviewStatus, PASSING[event]), event, NOW, 'A reason');
      expect(outcome.ok).toBe(true);
      if (!outcome.ok) return;
      expect(rule.to).toContainEqual({ status: outcome.change.status, reviewStatus: outcome.change.reviewStatus });
    });

    it('is refused (409) from every other state, saying which state it is in', () => {
      const others = ALL_STATES.filter((state) => !rule.from.some((from) => from.status === state.status && from.reviewStatus === state.reviewStatus));
      expect(others.length).toBeGreaterThan(0);
      for (const state of others) {
        const outcome = nextArticleState(article(state.status, state.reviewStatus, PASSING[event]), event, NOW, 'A reason');
        expect(outcome, `${event} from ${state.status}/${state.reviewStatus}`).toMatchObject({ ok: false, reason: expect.stringMatching(/^Only .+; this one is .+\.$/) });
      }
    });
  });

  it('sends a submitted article to its media, then to the AI for a summary, then to the queue', () => {
    expect(nextArticleState(article(PENDING, NONE, { hasMedia: false, hasSummary: false }), 'submit', NOW)).toEqual({
      ok: true,
      change: { status: PREPARING, reviewStatus: NONE },
    });
    expect(nextArticleState(article(PREPARING, NONE, { hasSummary: false }), 'media-ready', NOW)).toEqual({
      ok: true,
      change: { status: AI_POPULATE, reviewStatus: NONE },
    });
    expect(nextArticleState(article(AI_POPULATE, NONE, { summaryByAi: true }), 'summary-ready', NOW)).toEqual({
      ok: true,
      change: { status: REVIEW, reviewStatus: AWAITING_REVIEW, reviewRequestedAt: NOW },
    });
    // A complete article sent back as needing work goes straight to the queue when sent again.
    expect(nextArticleState(article(PENDING, NEEDS_WORK), 'submit', NOW)).toEqual({
      ok: true,
      change: { status: REVIEW, reviewStatus: AWAITING_REVIEW, reviewRequestedAt: NOW },
    });
    expect(nextArticleState(article(AI_POPULATE, NONE, { hasSummary: false }), 'summary-ready', NOW)).toEqual({
      ok: false,
      reason: 'This article cannot be told its summary is ready: it has no summary yet.',
    });
  });

  it('approves into the feed now, or onto the schedule when its time is ahead', () => {
    expect(nextArticleState(article(REVIEW, AWAITING_REVIEW), 'approve', NOW)).toEqual({
      ok: true,
      change: { status: ACTIVE, reviewStatus: APPROVED, reviewNote: null, publishedAt: NOW },
    });
    expect(nextArticleState(article(REVIEW, AWAITING_REVIEW, { scheduledAt: EARLIER }), 'approve', NOW)).toMatchObject({
      change: { status: ACTIVE, publishedAt: NOW },
    });
    expect(nextArticleState(article(REVIEW, AWAITING_REVIEW, { scheduledAt: LATER }), 'approve', NOW)).toEqual({
      ok: true,
      change: { status: SCHEDULED, reviewStatus: APPROVED, reviewNote: null, publishedAt: null },
    });
    expect(nextArticleState(article(REVIEW, AWAITING_REVIEW, { hasMedia: false }), 'approve', NOW)).toEqual({
      ok: false,
      reason: 'This article cannot be approved: it has no playable media (video or audio); send it back with needs-work.',
    });
    expect(nextArticleState(article(PENDING, NEEDS_WORK), 'approve', NOW)).toEqual({
      ok: false,
      reason: 'Only an article awaiting review can be approved; this one is back with its publisher (needs work).',
    });
  });

  it('puts a scheduled article live at its time, dated by it', () => {
    expect(nextArticleState(article(SCHEDULED, APPROVED, { scheduledAt: EARLIER }), 'schedule-due', NOW)).toEqual({
      ok: true,
      change: { status: ACTIVE, reviewStatus: APPROVED, publishedAt: EARLIER },
    });
    expect(nextArticleState(article(SCHEDULED, APPROVED, { scheduledAt: LATER }), 'schedule-due', NOW)).toEqual({
      ok: false,
      reason: `This article cannot be put live at its time: its time (${LATER.toISOString()}) has not come yet.`,
    });
  });

  it('sends back with the reason, off the feeds; a rejected AI summary goes with a standard note unless one is given', () => {
    expect(nextArticleState(article(ACTIVE, APPROVED), 'needs-work', NOW, 'Blur the faces.')).toEqual({
      ok: true,
      change: { status: PENDING, reviewStatus: NEEDS_WORK, reviewNote: 'Blur the faces.', publishedAt: null },
    });
    expect(nextArticleState(article(REVIEW, AWAITING_REVIEW, { summaryByAi: true }), 'reject-summary', NOW)).toEqual({
      ok: true,
      change: { status: PENDING, reviewStatus: NEEDS_WORK, reviewNote: REJECTED_SUMMARY_NOTE, summary: '', summaryByAi: false },
    });
    expect(nextArticleState(article(REVIEW, AWAITING_REVIEW, { summaryByAi: true }), 'reject-summary', NOW, 'It names the wrong city.')).toMatchObject({
      change: { reviewNote: 'It names the wrong city.' },
    });
    expect(nextArticleState(article(REVIEW, AWAITING_REVIEW), 'reject-summary', NOW)).toEqual({
      ok: false,
      reason: 'This summary cannot be rejected: its summary was written by its publisher, not the AI; send it back with needs-work instead.',
    });
  });
});
