/** Polls as the public poll calls answer them, for any test that needs one (the reader's dialog, a studio preview). */
import { PollStatus, PollType, PollVisibility, QuestionType, type Poll, type PollCounts, type PollList, type QuestionCounts } from '@newsreel/contracts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A live poll as POST /v1/polls/find answers it. */
export function pollFixture(overrides: Partial<Poll> = {}): Poll {
  return {
    id: id(1),
    name: 'Weekend weather',
    priority: 10,
    type: PollType.RAPID,
    status: PollStatus.LIVE,
    visibility: PollVisibility.PUBLIC,
    config: {},
    startsAt: null,
    endsAt: null,
    assets: [],
    questions: [
      {
        id: id(11),
        label: 'Will you go to the beach?',
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
        label: 'How worried are you about the floods?',
        type: QuestionType.SCALE,
        order: 1,
        field: null,
        answers: ['1', '2', '3', '4', '5'].map((label, order) => ({ id: id(121 + order), label, order })),
      },
    ],
    ...overrides,
  };
}

/** A poll with one visitor-meta question (the reader's age bracket). */
export function metaPollFixture(overrides: Partial<Poll> = {}): Poll {
  return pollFixture({
    id: id(2),
    name: 'About you',
    priority: 5,
    type: PollType.SURVEY,
    config: { field: 'ageBracket' },
    questions: [
      {
        id: id(21),
        label: 'How old are you?',
        type: QuestionType.VISITOR_META,
        order: 0,
        field: 'ageBracket',
        answers: [
          { id: id(211), label: '18–34', order: 0 },
          { id: id(212), label: '35 or older', order: 1 },
        ],
      },
    ],
    ...overrides,
  });
}

export const pollList = (items: Poll[]): PollList => ({ items, page: 1, limit: 30, total: items.length });

function countsOf(poll: Poll, votes: number[][]): QuestionCounts[] {
  return poll.questions.map((question, index) => {
    const counts = votes[index] ?? [];
    const total = counts.reduce((sum, count) => sum + count, 0);
    return {
      pollQuestionId: question.id,
      label: question.label,
      total,
      answers: question.answers.map((answer, answerIndex) => {
        const count = counts[answerIndex] ?? 0;
        return { pollAnswerId: answer.id, label: answer.label, count, percentage: total ? Math.round((count / total) * 1000) / 10 : 0 };
      }),
    };
  });
}

/** GET /v1/polls/{id}/counts: `nearby` and `region` left out when not given. */
export function pollCountsFixture(
  poll: Poll,
  { everyone, nearby, region }: { everyone: number[][]; nearby?: number[][]; region?: number[][] },
): PollCounts {
  return {
    pollId: poll.id,
    everyone: countsOf(poll, everyone),
    nearby: nearby ? { lat: -27.47, lon: 153.02, radius: 50_000, questions: countsOf(poll, nearby) } : null,
    region: region ? { regionId: 1, questions: countsOf(poll, region) } : null,
  };
}
