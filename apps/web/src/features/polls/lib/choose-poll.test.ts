import { describe, expect, it } from 'vitest';
import { metaPollFixture, pollFixture } from '../../../test/poll-fixtures';
import { choosePoll, metaFieldOf } from './choose-poll';

const history = (overrides: { pollIds?: string[]; pollQuestionIds?: string[]; visitorMeta?: ('ageBracket' | 'email')[] } = {}) => ({
  lastAnsweredAt: '2026-11-20T10:00:00.000Z',
  pollIds: [],
  pollQuestionIds: [],
  ...overrides,
});

describe('choosePoll', () => {
  const weather = pollFixture();
  const aboutYou = metaPollFixture();
  const urgent = pollFixture({ id: '00000000-0000-4000-8000-000000000009', name: 'Urgent', priority: 1 });

  it('offers the lowest priority value first, whatever order the polls come in', () => {
    expect(choosePoll([weather, urgent, aboutYou], undefined)?.name).toBe('Urgent');
    expect(choosePoll([weather, aboutYou], undefined)?.name).toBe('About you');
  });

  it('passes over polls the reader has finished', () => {
    expect(choosePoll([urgent, weather], history({ pollIds: [urgent.id] }))?.id).toBe(weather.id);
    expect(choosePoll([urgent], history({ pollIds: [urgent.id] }))).toBeNull();
    expect(choosePoll([], undefined)).toBeNull();
  });

  it('asks only the questions not answered yet', () => {
    const chosen = choosePoll([weather], history({ pollQuestionIds: [weather.questions[0]!.id] }));
    expect(chosen?.questions.map((question) => question.label)).toEqual(['How worried are you about the floods?']);
  });

  it('never asks a visitor-meta question whose field is known, and skips a poll left with no question', () => {
    expect(choosePoll([aboutYou, weather], history({ visitorMeta: ['ageBracket'] }))?.id).toBe(weather.id);
    expect(choosePoll([aboutYou, weather], undefined, ['ageBracket'])?.id).toBe(weather.id);
    expect(choosePoll([aboutYou, weather], history({ visitorMeta: ['email'] }))?.id).toBe(aboutYou.id);
  });

  it('reads a visitor-meta question’s field from itself, or from its poll’s config', () => {
    const question = aboutYou.questions[0]!;
    expect(metaFieldOf(aboutYou, question)).toBe('ageBracket');
    expect(metaFieldOf({ config: { field: 'yob' } }, { ...question, field: null })).toBe('yob');
    expect(metaFieldOf({ config: { field: 'yob' } }, weather.questions[0]!)).toBeNull();
  });
});
