import { ArticleStatus, ReviewStatus, articleStatusLabels, reviewStatusLabels } from '@newsreel/contracts';

/**
 * The article lifecycle (SPEC §3 Article status × Review status): the one place that decides how
 * an article moves, for every caller — the admin's review actions, the publishing job, the
 * publisher studio, the media pipeline and the AI. docs/architecture.md, "Article lifecycle", has
 * the same table in prose. Nothing else writes `status` or `review_status`.
 */

export type ArticleEvent = 'submit' | 'revise' | 'media-ready' | 'summary-ready' | 'approve' | 'needs-work' | 'reject-summary' | 'schedule-due';

export interface ArticleState {
  status: ArticleStatus;
  reviewStatus: ReviewStatus;
}

/** What the rules read of an article besides its state. */
export interface ArticleFacts extends ArticleState {
  /** It has a playable file: video, audio or dubbed video. */
  hasMedia: boolean;
  hasSummary: boolean;
  summaryByAi: boolean;
  scheduledAt: Date | null;
}

/** The columns a transition writes besides the state; a field left out stays as it is. */
export interface ArticleChange extends ArticleState {
  publishedAt?: Date | null;
  reviewNote?: string | null;
  reviewRequestedAt?: Date | null;
  /** The rejected AI summary is removed: it must never go live. */
  summary?: '';
  summaryByAi?: false;
}

export type ArticleTransition = { ok: true; change: ArticleChange } | { ok: false; reason: string };

const { PENDING, ACTIVE, PREPARING, SCHEDULED, AI_POPULATE, REVIEW } = ArticleStatus;
const { NONE, AWAITING_REVIEW, APPROVED, NEEDS_WORK } = ReviewStatus;

export const REJECTED_SUMMARY_NOTE =
  'The AI-written summary was rejected: write a summary yourself, or send the article again for a new one.';

/** Where an article goes once it is complete enough for a person to review it. */
function onwardFromDraft(article: ArticleFacts, now: Date): ArticleChange {
  if (!article.hasMedia) return { status: PREPARING, reviewStatus: NONE };
  return onwardFromMedia(article, now);
}
function onwardFromMedia(article: ArticleFacts, now: Date): ArticleChange {
  if (!article.hasSummary) return { status: AI_POPULATE, reviewStatus: NONE };
  return { status: REVIEW, reviewStatus: AWAITING_REVIEW, reviewRequestedAt: now };
}

export interface TransitionRule {
  event: ArticleEvent;
  /** Who sends the event. */
  by: 'publisher' | 'media pipeline' | 'AI' | 'moderator' | 'publishing job';
  /** The states it applies to; any other is refused (409) naming why. */
  from: readonly ArticleState[];
  /** The states it may lead to (for the table in the docs and the tests). */
  to: readonly ArticleState[];
  /** Why an article in the right state still cannot take the event, or null. */
  guard?: (article: ArticleFacts, now: Date) => string | null;
  change: (article: ArticleFacts, now: Date, reason?: string) => ArticleChange;
  /** The rule in words, for the 409: "Only {only} can be {done}". */
  only: string;
  done: string;
  /** What the guard's refusal is about; "This article" unless said. */
  subject?: string;
}

const state = (status: ArticleStatus, reviewStatus: ReviewStatus): ArticleState => ({ status, reviewStatus });
const ONWARD = [state(PREPARING, NONE), state(AI_POPULATE, NONE), state(REVIEW, AWAITING_REVIEW)];
const SENT_BACK = state(PENDING, NEEDS_WORK);

/** Every allowed transition. An event not allowed from the article's state is a 409 naming why. */
export const ARTICLE_TRANSITIONS: readonly TransitionRule[] = [
  {
    event: 'submit',
    by: 'publisher',
    from: [state(PENDING, NONE), SENT_BACK],
    to: ONWARD,
    change: onwardFromDraft,
    only: 'a draft, or an article sent back as needing work,',
    done: 'sent for review',
  },
  {
    // The publisher changes a live or scheduled article: it leaves the feeds (or its schedule) as a
    // draft, so no change reaches readers unreviewed; the studio then sends it on again (submit).
    event: 'revise',
    by: 'publisher',
    from: [state(ACTIVE, APPROVED), state(ACTIVE, NONE), state(SCHEDULED, APPROVED)],
    to: [state(PENDING, NONE)],
    change: () => ({ status: PENDING, reviewStatus: NONE, publishedAt: null }),
    only: 'a live or scheduled article',
    done: 'taken back by its publisher to be changed',
  },
  {
    event: 'media-ready',
    by: 'media pipeline',
    from: [state(PREPARING, NONE)],
    to: ONWARD.slice(1),
    change: onwardFromMedia,
    only: 'an article waiting for its media',
    done: 'told its media is ready',
  },
  {
    event: 'summary-ready',
    by: 'AI',
    from: [state(AI_POPULATE, NONE)],
    to: [state(REVIEW, AWAITING_REVIEW)],
    guard: (article) => (article.hasSummary ? null : 'it has no summary yet.'),
    change: (_article, now) => ({ status: REVIEW, reviewStatus: AWAITING_REVIEW, reviewRequestedAt: now }),
    only: 'an article waiting for the AI to write its summary',
    done: 'told its summary is ready',
  },
  {
    event: 'approve',
    by: 'moderator',
    from: [state(REVIEW, AWAITING_REVIEW)],
    to: [state(ACTIVE, APPROVED), state(SCHEDULED, APPROVED)],
    guard: (article) => (article.hasMedia ? null : 'it has no playable media (video or audio); send it back with needs-work.'),
    change: (article, now) =>
      article.scheduledAt && article.scheduledAt > now
        ? { status: SCHEDULED, reviewStatus: APPROVED, reviewNote: null, publishedAt: null }
        : { status: ACTIVE, reviewStatus: APPROVED, reviewNote: null, publishedAt: now },
    only: 'an article awaiting review',
    done: 'approved',
  },
  {
    event: 'needs-work',
    by: 'moderator',
    from: [state(REVIEW, AWAITING_REVIEW), state(SCHEDULED, APPROVED), state(ACTIVE, APPROVED), state(ACTIVE, NONE)],
    to: [SENT_BACK],
    change: (_article, _now, reason) => ({ ...SENT_BACK, reviewNote: reason ?? null, publishedAt: null }),
    only: 'an article awaiting review, scheduled or live',
    done: 'sent back as needing work',
  },
  {
    event: 'reject-summary',
    by: 'moderator',
    from: [state(REVIEW, AWAITING_REVIEW)],
    to: [SENT_BACK],
    guard: (article) =>
      article.summaryByAi ? null : 'its summary was written by its publisher, not the AI; send it back with needs-work instead.',
    change: (_article, _now, reason) => ({ ...SENT_BACK, reviewNote: reason ?? REJECTED_SUMMARY_NOTE, summary: '', summaryByAi: false }),
    only: 'the AI-written summary of an article awaiting review',
    done: 'rejected',
    subject: 'This summary',
  },
  {
    event: 'schedule-due',
    by: 'publishing job',
    from: [state(SCHEDULED, APPROVED)],
    to: [state(ACTIVE, APPROVED)],
    guard: (article, now) =>
      article.scheduledAt && article.scheduledAt <= now ? null : `its time (${article.scheduledAt?.toISOString() ?? 'none'}) has not come yet.`,
    change: (article) => ({ status: ACTIVE, reviewStatus: APPROVED, publishedAt: article.scheduledAt }),
    only: 'a scheduled article',
    done: 'put live at its time',
  },
];

const RULES = new Map(ARTICLE_TRANSITIONS.map((rule) => [rule.event, rule]));

/** The rule of an event (e.g. the states the publishing job looks for). */
export function transitionRule(event: ArticleEvent): TransitionRule {
  return RULES.get(event)!;
}

/** The state in words, for people: "awaiting review", "back with its publisher (needs work)". */
export function describeArticleState({ status, reviewStatus }: ArticleState): string {
  if (status === PENDING) return reviewStatus === NEEDS_WORK ? 'back with its publisher (needs work)' : 'a draft not yet sent for review';
  if (status === PREPARING) return 'waiting for its media to be processed';
  if (status === AI_POPULATE) return 'waiting for the AI to write its summary';
  if (status === REVIEW && reviewStatus === AWAITING_REVIEW) return 'awaiting review';
  if (status === SCHEDULED) return 'approved and scheduled';
  if (status === ACTIVE) return 'live';
  return `${articleStatusLabels[status].toLowerCase()} (review: ${reviewStatusLabels[reviewStatus].toLowerCase()})`;
}

const same = (a: ArticleState, b: ArticleState) => a.status === b.status && a.reviewStatus === b.reviewStatus;

/**
 * Where `event` takes the article, with every column it changes; or why it cannot (a sentence
 * for the 409). `reason` is the moderator's note for needs-work and reject-summary.
 */
export function nextArticleState(article: ArticleFacts, event: ArticleEvent, now: Date, reason?: string): ArticleTransition {
  const rule = transitionRule(event);
  if (!rule.from.some((from) => same(from, article))) {
    return { ok: false, reason: `Only ${rule.only} can be ${rule.done}; this one is ${describeArticleState(article)}.` };
  }
  const refused = rule.guard?.(article, now);
  if (refused) return { ok: false, reason: `${rule.subject ?? 'This article'} cannot be ${rule.done}: ${refused}` };
  return { ok: true, change: rule.change(article, now, reason) };
}
