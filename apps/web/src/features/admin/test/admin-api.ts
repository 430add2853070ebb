import {
  AdminRole,
  PollStatus,
  PollType,
  PollVisibility,
  QuestionType,
  type AccountUser,
  type AdminPoll,
  type AiResultStatistics,
  type ArticlePlays,
  type DeviceInviteCounts,
  type EventCounts,
  type PollResults,
  type StatisticsSummary,
} from '@newsreel/contracts';
import type { AppState } from '../../../app/state';
import { setAccessToken } from '../../../lib/api-client';
import { readerUser } from '../../../test/account-fixtures';
import { shellApi } from '../../../test/api-fixtures';
import type { FetchHandler } from '../../../test/mock-fetch';

/** A moderator: a reader with the admin role that opens the poll studio. */
export const moderatorUser: AccountUser = { ...readerUser, id: '7a1b2c3d-0000-4000-8000-0000000000aa', email: 'moderator@example.com', name: 'Mo Moderator', adminRole: AdminRole.MODERATOR };

/** App state for a signed-in `user`, with the user token the session would hold. */
export function signedInAs(user: AccountUser): Partial<AppState> {
  setAccessToken('user-token');
  return { user, authStatus: 'signedIn' };
}

export const ADMIN_TOKEN = 'admin-token-1';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A pending survey with two questions of two answers each, targeted at Australia. */
export function pollFixture(overrides: Partial<AdminPoll> = {}): AdminPoll {
  return {
    id: id(1),
    name: 'Budget week',
    priority: 10,
    type: PollType.SURVEY,
    status: PollStatus.PENDING,
    visibility: PollVisibility.PUBLIC,
    config: {},
    startsAt: '2026-11-20T09:00:00.000Z',
    endsAt: null,
    assets: [],
    questions: [
      {
        id: id(11),
        label: 'Did the budget help you?',
        type: QuestionType.STANDARD,
        order: 0,
        field: null,
        answers: [
          { id: id(111), label: 'Yes', order: 0 },
          { id: id(112), label: 'No', order: 1 },
        ],
      },
      {
        id: id(12),
        label: 'How old are you?',
        type: QuestionType.VISITOR_META,
        order: 1,
        field: 'ageBracket',
        answers: [
          { id: id(121), label: '18–34', order: 0 },
          { id: id(122), label: '35+', order: 1 },
        ],
      },
    ],
    targets: [{ id: id(21), regionIds: [1], categoryIds: [], publisherId: null, storyId: null, articleId: null, lat: null, lon: null, radius: null }],
    voteCount: 42,
    createdAt: '2026-11-19T09:00:00.000Z',
    updatedAt: '2026-11-19T09:00:00.000Z',
    ...overrides,
  };
}

export const resultsFixture: PollResults = {
  pollId: id(1),
  regionId: null,
  questions: [
    {
      pollQuestionId: id(11),
      label: 'Did the budget help you?',
      total: 4,
      answers: [
        { pollAnswerId: id(111), label: 'Yes', count: 3, percentage: 75 },
        { pollAnswerId: id(112), label: 'No', count: 1, percentage: 25 },
      ],
    },
  ],
  byRegion: [
    { regionId: 1, total: 3 },
    { regionId: 2, total: 1 },
  ],
};

const list = <T,>(items: T[]) => ({ items, page: 1, limit: 30, total: items.length });

/** A week of traffic: two articles played, readers in two regions, on phones and computers. */
export function summaryFixture(overrides: Partial<StatisticsSummary> = {}): StatisticsSummary {
  const days = ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26'];
  return {
    from: '2026-11-20',
    to: '2026-11-26',
    visitors: 1234,
    events: 9876,
    plays: 3456,
    completions: 1580,
    completionRate: 0.4572,
    watchSeconds: 7530,
    likes: 321,
    shares: 45,
    adImpressions: 2100,
    adClicks: 63,
    pollVotes: 77,
    daily: days.map((day, index) => ({ day, visitors: 150 + index * 10, plays: 400 + index * 20, watchSeconds: 1000 + index * 30 })),
    topArticles: [
      { articleId: id(301), title: 'Harbour bridge reopens', publisherName: 'Harbour Daily', plays: 812, completions: 400, watchSeconds: 3725, visitors: 604 },
      { articleId: id(302), title: null, publisherName: null, plays: 15, completions: 2, watchSeconds: 42, visitors: 9 },
    ],
    topRegions: [
      { regionId: 2, code: 'US', name: 'United States', visitors: 700, plays: 2000, watchSeconds: 4000 },
      { regionId: 1, code: 'AU', name: 'Australia', visitors: 300, plays: 900, watchSeconds: 2000 },
      { regionId: 0, code: 'GL', name: 'Global', visitors: 12, plays: 20, watchSeconds: 60 },
    ],
    topPublishers: [
      { publisherId: id(401), name: 'Harbour Daily', plays: 812, watchSeconds: 3725, visitors: 604 },
      { publisherId: id(402), name: null, plays: 15, watchSeconds: 42, visitors: 9 },
    ],
    deviceTypes: [
      { type: 'mobile', visitors: 900 },
      { type: 'desktop', visitors: 300 },
      { type: 'unknown', visitors: 34 },
    ],
    actions: [
      { action: 'Page View', count: 5000 },
      { action: 'Play', count: 3456 },
    ],
    ...overrides,
  };
}

/** A summary of a range nobody visited: every figure zero, every list empty. */
export function emptySummaryFixture(): StatisticsSummary {
  const summary = summaryFixture();
  return {
    ...summary,
    visitors: 0,
    events: 0,
    plays: 0,
    completions: 0,
    completionRate: null,
    watchSeconds: 0,
    likes: 0,
    shares: 0,
    adImpressions: 0,
    adClicks: 0,
    pollVotes: 0,
    daily: summary.daily.map((day) => ({ ...day, visitors: 0, plays: 0, watchSeconds: 0 })),
    topArticles: [],
    topRegions: [],
    topPublishers: [],
    deviceTypes: [],
    actions: [],
  };
}

export const lastHourEventsFixture: EventCounts = {
  from: '2026-11-26T09:00:00.000Z',
  to: '2026-11-26T10:00:00.000Z',
  total: 57,
  items: [
    { action: 'Page View', count: 40 },
    { action: 'Watch Time', count: 12 },
    { action: 'Ad Click', count: 5 },
  ],
};

export const articlePlaysFixture: ArticlePlays = {
  days: 1,
  from: '2026-11-26',
  to: '2026-11-26',
  items: [{ articleId: id(303), title: 'Morning markets', publisherName: 'Harbour Daily', plays: 31, completions: 12, watchSeconds: 600 }],
  page: 1,
  limit: 10,
  total: 1,
};

export const deviceInvitesFixture: DeviceInviteCounts = { invites: 14, pending: 2, expired: 3, paired: 8, removed: 1 };

/** The shell's answers, the admin token, the statistics, and the studio's reads of `poll`. */
export function adminApi(overrides: Record<string, FetchHandler> = {}, poll: AdminPoll = pollFixture()): Record<string, FetchHandler> {
  return shellApi({
    'POST /v1/auth/admin': () => ({ accessToken: ADMIN_TOKEN, expiresIn: 900, adminRole: AdminRole.MODERATOR }),
    'GET /v1/admin/polls': () => list([poll]),
    [`GET /v1/admin/polls/${poll.id}`]: () => poll,
    [`GET /v1/admin/polls/${poll.id}/results/counts`]: () => resultsFixture,
    'GET /v1/categories': () => list([]),
    'GET /v1/publishers': () => list([]),
    'GET /v1/admin/statistics/summary': () => summaryFixture(),
    'GET /v1/admin/statistics/events': () => lastHourEventsFixture,
    'GET /v1/admin/statistics/article_plays_last_days': () => articlePlaysFixture,
    'GET /v1/admin/statistics/device-invites': () => deviceInvitesFixture,
    'GET /v1/admin/statistics/ai-results': () => aiResultStatisticsFixture,
    ...overrides,
  });
}

/** The AI results of a three-day range: two answers (one not found) and a summary. */
export const aiResultStatisticsFixture: AiResultStatistics = {
  from: '2026-11-24',
  to: '2026-11-26',
  total: 3,
  notFound: 1,
  notFoundRate: 0.5,
  medianMs: 41,
  p95Ms: 118,
  byType: [
    { type: 'ask', count: 2, notFound: 1, medianMs: 35, p95Ms: 52 },
    { type: 'playlist', count: 0, notFound: 0, medianMs: null, p95Ms: null },
    { type: 'summary', count: 1, notFound: 0, medianMs: 124, p95Ms: 124 },
    { type: 'translation', count: 0, notFound: 0, medianMs: null, p95Ms: null },
  ],
  byDay: [
    { day: '2026-11-24', total: 0, counts: { ask: 0, playlist: 0, summary: 0, translation: 0 } },
    { day: '2026-11-25', total: 1, counts: { ask: 1, playlist: 0, summary: 0, translation: 0 } },
    { day: '2026-11-26', total: 2, counts: { ask: 1, playlist: 0, summary: 1, translation: 0 } },
  ],
  byProvider: [{ provider: 'built-in', count: 3, medianMs: 41, p95Ms: 118 }],
};

/** The body a request sent, parsed. */
export function bodyOf(init: RequestInit | undefined): unknown {
  return JSON.parse(String(init?.body));
}

/** Moves the item with `id` to `order`, shifting the others, as the API does. */
function moveTo<T extends { id: string; order: number }>(items: T[], id: string, order: number): T[] {
  const sorted = [...items].sort((a, b) => a.order - b.order);
  const moved = sorted.find((item) => item.id === id);
  if (!moved) return items;
  const rest = sorted.filter((item) => item !== moved);
  rest.splice(order, 0, moved);
  return rest.map((item, index) => ({ ...item, order: index }));
}

/**
 * The API's poll as a store: GET answers it as it is now, and PUT {order} of its questions and
 * answers changes it, so a test sees what the editor reads back after saving.
 */
export function pollStore(initial: AdminPoll): Record<string, FetchHandler> {
  let poll = initial;
  const handlers: Record<string, FetchHandler> = { [`GET /v1/admin/polls/${poll.id}`]: () => poll };
  for (const question of initial.questions) {
    handlers[`PUT /v1/admin/polls/${poll.id}/questions/${question.id}`] = ({ init }) => {
      const { order } = bodyOf(init) as { order?: number };
      if (order !== undefined) poll = { ...poll, questions: moveTo(poll.questions, question.id, order) };
      return poll.questions.find((candidate) => candidate.id === question.id);
    };
    for (const answer of question.answers) {
      handlers[`PUT /v1/admin/polls/${poll.id}/questions/${question.id}/answers/${answer.id}`] = ({ init }) => {
        const { order } = bodyOf(init) as { order?: number };
        if (order !== undefined) {
          poll = {
            ...poll,
            questions: poll.questions.map((candidate) => (candidate.id === question.id ? { ...candidate, answers: moveTo(candidate.answers, answer.id, order) } : candidate)),
          };
        }
        return answer;
      };
    }
  }
  return handlers;
}
