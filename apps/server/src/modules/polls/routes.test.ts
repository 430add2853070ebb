import { PollStatus, PollType, PollVisibility, apiPaths, type Poll, type PollCounts, type PollList, type PollRequest } from '@newsreel/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { RATE_LIMITS } from '../../http/rate-limits';
import { pollStudio, usePollTestApp, voteCount, type MadePoll } from '../../../test/polls';

const ALICE = 'visitor-alice-0001';
const BOB = 'visitor-bob-000002';
const BERLIN = { lat: 52.52, lon: 13.405 };
const POTSDAM = { lat: 52.39, lon: 13.065 }; // 27 km from Berlin
const HAMBURG = { lat: 53.55, lon: 9.99 }; // 255 km from Berlin
const HOUR_MS = 3_600_000;

describe('polls for readers', () => {
  const ctx = usePollTestApp();
  const db = () => ctx.db;

  const find = async (body: PollRequest = {}) => {
    const res = await ctx.t.app.inject({ method: 'POST', url: apiPaths.pollsFind, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    return res.json() as PollList;
  };
  const found = async (body: PollRequest = {}) => (await find(body)).items.map((poll) => poll.name);
  const vote = (pollId: string, payload: object) => ctx.t.app.inject({ method: 'POST', url: apiPaths.pollVote(pollId), payload });
  const ballot = (poll: MadePoll, question = 0, answer = 0, visitorId = ALICE) => ({
    visitorId,
    pollQuestionId: poll.questions[question]!.id,
    pollAnswerId: poll.questions[question]!.answers[answer]!,
  });
  const counts = async (pollId: string, query = '') => {
    const res = await ctx.t.app.inject(`${apiPaths.pollCounts(pollId)}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PollCounts;
  };

  it('finds the polls whose targets match, lowest priority first', async () => {
    await ctx.studio.makePoll({ name: 'global', priority: 50 });
    await ctx.studio.makePoll({ name: 'germany', priority: 10, targets: [{ regionIds: [11] }] });
    await ctx.studio.makePoll({ name: 'berlin circle', priority: 15, targets: [{ ...BERLIN, radius: 50_000 }] });
    await ctx.studio.makePoll({ name: 'sport', priority: 20, targets: [{ categoryIds: [ctx.f.categories.sport] }] });
    await ctx.studio.makePoll({ name: 'portugal politics', priority: 25, targets: [{ regionIds: [18], categoryIds: [ctx.f.categories.politics] }] });
    await ctx.studio.makePoll({ name: 'atlantic', priority: 30, targets: [{ publisherId: ctx.f.publishers.atlantic }] });
    await ctx.studio.makePoll({ name: 'story', priority: 40, targets: [{ storyId: ctx.f.story }] });
    await ctx.studio.makePoll({ name: 'lisbon article', priority: 5, targets: [{ articleId: ctx.f.articles.lisbon }] });
    await ctx.studio.makePoll({ name: 'germany or sport', priority: 60, targets: [{ regionIds: [11] }, { categoryIds: [ctx.f.categories.sport] }] });

    // A poll without targets is everyone's.
    expect(await found()).toEqual(['global']);
    // Regions: any id in common.
    expect(await found({ regionIds: [4, 11] })).toEqual(['germany', 'global', 'germany or sport']);
    // The circle: inside it, not outside.
    expect(await found(POTSDAM)).toEqual(['berlin circle', 'global']);
    expect(await found(HAMBURG)).toEqual(['global']);
    // Categories, publisher and story, named by the request or by the article it is about.
    expect(await found({ categoryIds: [ctx.f.categories.sport] })).toEqual(['sport', 'global', 'germany or sport']);
    expect(await found({ publisherId: ctx.f.publishers.atlantic })).toEqual(['atlantic', 'global']);
    expect(await found({ storyId: ctx.f.story })).toEqual(['story', 'global']);
    expect(await found({ articleId: ctx.f.articles.hamburg })).toEqual(['sport', 'atlantic', 'story', 'global', 'germany or sport']);
    expect(await found({ articleId: ctx.f.articles.potsdam })).toEqual(['global']);
    // A target matches only when every field it sets does: Portugal and politics.
    expect(await found({ articleId: ctx.f.articles.lisbon })).toEqual(['lisbon article', 'atlantic', 'story', 'global']);
    expect(await found({ articleId: ctx.f.articles.lisbon, regionIds: [18] })).toEqual(['lisbon article', 'portugal politics', 'atlantic', 'story', 'global']);
    expect(await found({ regionIds: [18] })).toEqual(['global']);

    const list = await find({ regionIds: [11] });
    expect(list).toMatchObject({ total: 3, page: 1, limit: 30 });
    // Paged in the query string, as the reader's app asks for its first few.
    const second = await ctx.t.app.inject({ method: 'POST', url: `${apiPaths.pollsFind}?limit=1&page=2`, payload: { regionIds: [11] } });
    expect(second.json()).toMatchObject({ total: 3, page: 2, limit: 1, items: [{ name: 'global' }] });
    expect(list.items[0]).toMatchObject({ name: 'germany', priority: 10, status: PollStatus.LIVE, visibility: PollVisibility.PUBLIC, assets: [] });
    expect(list.items[0]!.questions[0]).toMatchObject({ label: 'Should the city run night buses?', order: 0, field: null });
    expect(list.items[0]!.questions[0]!.answers.map((a) => [a.label, a.order])).toEqual([['Yes', 0], ['No', 1]]);
  });

  it('offers only live public polls within their times, and answers only those by id', async () => {
    const now = Date.now();
    const live = await ctx.studio.makePoll({ name: 'live' });
    const hidden = [
      await ctx.studio.makePoll({ name: 'pending', status: PollStatus.PENDING }),
      await ctx.studio.makePoll({ name: 'ready', status: PollStatus.READY }),
      await ctx.studio.makePoll({ name: 'ended', status: PollStatus.ENDED }),
      await ctx.studio.makePoll({ name: 'private', visibility: PollVisibility.PRIVATE }),
      await ctx.studio.makePoll({ name: 'not yet', startsAt: new Date(now + HOUR_MS).toISOString() }),
      await ctx.studio.makePoll({ name: 'over', startsAt: new Date(now - 2 * HOUR_MS).toISOString(), endsAt: new Date(now - HOUR_MS).toISOString() }),
    ];
    await ctx.studio.makePoll({ name: 'open window', startsAt: new Date(now - HOUR_MS).toISOString(), endsAt: new Date(now + HOUR_MS).toISOString() });
    expect(await found()).toEqual(['live', 'open window']);

    const res = await ctx.t.app.inject(apiPaths.poll(live.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    expect((res.json() as Poll).name).toBe('live');
    for (const poll of hidden) {
      const refused = await ctx.t.app.inject(apiPaths.poll(poll.id));
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toMatch(/no live poll/);
    }
    expect((await ctx.t.app.inject(apiPaths.poll('not-a-uuid'))).statusCode).toBe(400);
  });

  it('leaves out polls the visitor has answered every question of, and keeps one type when asked', async () => {
    const rapid = await ctx.studio.makePoll({ name: 'rapid', priority: 1, type: PollType.RAPID });
    const survey = await ctx.studio.makePoll({
      name: 'survey',
      priority: 2,
      type: PollType.SURVEY,
      questions: [
        { label: 'How do you get to work?', answers: ['Car', 'Transit', 'Bike'] },
        { label: 'How long does it take?', answers: ['Under 30 min', 'Longer'] },
      ],
    });
    expect(await found({ type: PollType.SURVEY })).toEqual(['survey']);
    expect((await vote(rapid.id, ballot(rapid))).statusCode).toBe(201);
    expect((await vote(survey.id, ballot(survey, 0, 1))).statusCode).toBe(201);
    // Alice answered the rapid poll's only question, and one of the survey's two.
    expect(await found({ visitorId: ALICE })).toEqual(['survey']);
    expect(await found({ visitorId: BOB })).toEqual(['rapid', 'survey']);
    expect((await vote(survey.id, ballot(survey, 1, 0))).statusCode).toBe(201);
    expect(await found({ visitorId: ALICE })).toEqual([]);
    expect(await found()).toEqual(['rapid', 'survey']);
  });

  it('finds what the database holds now, whoever changed it: the studio, or SQL by hand', async () => {
    const poll = await ctx.studio.makePoll({ name: 'berlin', targets: [{ regionIds: [11] }] });
    expect(await found({ regionIds: [11] })).toEqual(['berlin']);
    // The catalogue each server keeps follows writes that bypass the API too (poll_catalogue.version).
    await db().updateTable('poll_targets').set({ region_ids: [17] }).where('poll_id', '=', poll.id).execute();
    expect(await found({ regionIds: [11] })).toEqual([]);
    expect(await found({ regionIds: [17] })).toEqual(['berlin']);
    await db().updateTable('poll_questions').set({ label: 'Relabelled by hand?' }).where('poll_id', '=', poll.id).execute();
    expect((await find({ regionIds: [17] })).items[0]!.questions[0]!.label).toBe('Relabelled by hand?');
    await db().updateTable('polls').set({ status: PollStatus.ENDED }).where('id', '=', poll.id).execute();
    expect(await found({ regionIds: [17] })).toEqual([]);
  });

  it('stores a vote with the region and rounded position sent', async () => {
    const poll = await ctx.studio.makePoll();
    const res = await vote(poll.id, { ...ballot(poll, 0, 1), regionId: 11, lat: 52.51634, lon: 13.37769 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual({
      pollId: poll.id,
      pollQuestionId: poll.questions[0]!.id,
      pollAnswerId: poll.questions[0]!.answers[1],
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const rows = await db().selectFrom('poll_votes').select(['visitor_id', 'region_id', 'lat', 'lon', 'answer_id']).execute();
    expect(rows).toEqual([{ visitor_id: ALICE, region_id: 11, lat: '52.52', lon: '13.38', answer_id: poll.questions[0]!.answers[1] }]);

    // Without a region or position, and from an address the geo-IP database cannot place: region 0, no position.
    expect((await vote(poll.id, ballot(poll, 0, 0, BOB))).statusCode).toBe(201);
    const bob = await db().selectFrom('poll_votes').select(['region_id', 'lat', 'place']).where('visitor_id', '=', BOB).executeTakeFirstOrThrow();
    expect(bob).toEqual({ region_id: 0, lat: null, place: null });
  });

  it('refuses every bad vote with a 4xx that names the problem, and stores nothing', async () => {
    const poll = await ctx.studio.makePoll({ questions: [{ label: 'First?', answers: ['A', 'B'] }, { label: 'Second?', answers: ['C', 'D'] }] });
    const other = await ctx.studio.makePoll({ name: 'other' });
    const ended = await ctx.studio.makePoll({ name: 'ended', status: PollStatus.ENDED });
    const paused = await ctx.studio.makePoll({ name: 'paused', status: PollStatus.READY });
    const over = await ctx.studio.makePoll({ name: 'over', startsAt: new Date(Date.now() - 2 * HOUR_MS).toISOString(), endsAt: new Date(Date.now() - HOUR_MS).toISOString() });
    const secret = await ctx.studio.makePoll({ name: 'private', visibility: PollVisibility.PRIVATE });
    const unknown = '7b0c6c8e-5a8f-4d8e-9d7e-000000000000';

    const cases: [string, string, object, number, RegExp, string?][] = [
      ['unknown poll', unknown, ballot(poll), 404, /no poll/],
      ['private poll', secret.id, ballot(secret), 404, /no poll/],
      ['unknown question', poll.id, { ...ballot(poll), pollQuestionId: unknown }, 400, /pollQuestionId names no question/],
      ['question of another poll', poll.id, ballot(other), 400, /pollQuestionId is a question of another poll/],
      ['unknown answer', poll.id, { ...ballot(poll), pollAnswerId: unknown }, 400, /pollAnswerId names no answer/],
      ['answer of another question', poll.id, { ...ballot(poll, 0), pollAnswerId: poll.questions[1]!.answers[0] }, 400, /pollAnswerId is an answer of another question/],
      ['ended poll', ended.id, ballot(ended), 409, /not open for votes/, 'POLL_NOT_LIVE'],
      ['paused poll', paused.id, ballot(paused), 409, /not open for votes/, 'POLL_NOT_LIVE'],
      ['poll past its end', over.id, ballot(over), 409, /not open for votes/, 'POLL_NOT_LIVE'],
      ['malformed visitorId', poll.id, { ...ballot(poll), visitorId: 'bad id!' }, 400, /body\.visitorId/],
      ['short visitorId', poll.id, { ...ballot(poll), visitorId: 'abc' }, 400, /body\.visitorId/],
      ['no visitorId', poll.id, { pollQuestionId: poll.questions[0]!.id, pollAnswerId: poll.questions[0]!.answers[0] }, 400, /body\.visitorId is required/],
      ['no question', poll.id, { visitorId: ALICE, pollAnswerId: poll.questions[0]!.answers[0] }, 400, /body\.pollQuestionId is required/],
      ['no answer', poll.id, { visitorId: ALICE, pollQuestionId: poll.questions[0]!.id }, 400, /body\.pollAnswerId is required/],
      ['answer not an id', poll.id, { ...ballot(poll), pollAnswerId: 'yes' }, 400, /body\.pollAnswerId/],
      ['lat without lon', poll.id, { ...ballot(poll), lat: 52.5 }, 400, /lat and body\.lon go together/],
      ['unknown region', poll.id, { ...ballot(poll), regionId: 99 }, 400, /body\.regionId must be a region id/],
      ['unknown field', poll.id, { ...ballot(poll), answer: 'A' }, 400, /body\.answer is not a known field/],
    ];
    for (const [name, pollId, payload, status, message, code] of cases) {
      const res = await vote(pollId, payload);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expect(res.json().message, name).toMatch(message);
      if (code) expect(res.json().code, name).toBe(code);
    }
    const notJson = await ctx.t.app.inject({ method: 'POST', url: apiPaths.pollVote(poll.id), payload: 'yes', headers: { 'content-type': 'text/plain' } });
    expect(notJson.statusCode).toBeGreaterThanOrEqual(400);
    expect(notJson.statusCode).toBeLessThan(500);
    expect(await voteCount(db())).toBe(0);
  });

  it('keeps the first answer: a second vote on the same question changes nothing', async () => {
    const poll = await ctx.studio.makePoll();
    expect((await vote(poll.id, ballot(poll, 0, 0))).statusCode).toBe(201);
    const again = await vote(poll.id, ballot(poll, 0, 1));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_VOTED', message: expect.stringMatching(/first answer stands and nothing was changed/) });
    const rows = await db().selectFrom('poll_votes').select('answer_id').execute();
    expect(rows).toEqual([{ answer_id: poll.questions[0]!.answers[0] }]);
  });

  it('stores exactly one of 50 identical votes sent at once', async () => {
    const poll = await ctx.studio.makePoll();
    const answers = await Promise.all(Array.from({ length: 50 }, () => vote(poll.id, ballot(poll))));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    expect(answers.filter((res) => res.statusCode === 409).every((res) => res.json().code === 'ALREADY_VOTED')).toBe(true);
    expect(await voteCount(db())).toBe(1);
  });

  it('answers each vote of a batch for itself: stored, refused, or the second of two', async () => {
    const poll = await ctx.studio.makePoll();
    const other = await ctx.studio.makePoll({ name: 'other' });
    // Sent at once, so they are written together (vote-batches.ts).
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, (_, index) => vote(poll.id, ballot(poll, 0, index % 2, `batch-visitor-${index}`))),
      // The same visitor twice with different answers: one stands, the other is told so.
      vote(poll.id, ballot(poll, 0, 0, 'batch-twice-0001')),
      vote(poll.id, ballot(poll, 0, 1, 'batch-twice-0001')),
      // An answer of another poll's question, in the same batch.
      vote(poll.id, { ...ballot(poll, 0, 0, 'batch-wrong-0001'), pollAnswerId: other.questions[0]!.answers[0] }),
    ]);
    expect(answers.slice(0, 20).map((res) => res.statusCode)).toEqual(Array(20).fill(201));
    const twice = answers.slice(20, 22);
    expect(twice.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const kept = twice.find((res) => res.statusCode === 201)!.json() as { pollAnswerId: string };
    const stored = await db().selectFrom('poll_votes').select('answer_id').where('visitor_id', '=', 'batch-twice-0001').execute();
    expect(stored).toEqual([{ answer_id: kept.pollAnswerId }]);
    expect(answers[22]!.statusCode).toBe(400);
    expect(await voteCount(db())).toBe(21);
  });

  it('counts the stored votes for everyone, nearby and a region, listing every answer', async () => {
    const poll = await ctx.studio.makePoll({
      questions: [
        { label: 'Extend the tram?', answers: ['Yes', 'No', 'Not sure'] },
        { label: 'Your age?', answers: ['Under 30', '30 and over'], type: 2, field: 'ageBracket' },
      ],
    });
    const voters: [string, number, number, { lat: number; lon: number } | null][] = [
      ['berlin-voter-1', 0, 11, BERLIN],
      ['berlin-voter-2', 0, 11, { lat: 52.5, lon: 13.3 }],
      ['potsdam-voter', 1, 11, POTSDAM],
      ['hamburg-voter', 0, 11, HAMBURG],
      ['lisbon-voter-1', 1, 18, { lat: 38.72, lon: -9.14 }],
      ['nowhere-voter', 0, 0, null],
    ];
    for (const [visitorId, answer, regionId, position] of voters) {
      const res = await vote(poll.id, { ...ballot(poll, 0, answer, visitorId), regionId, ...(position ?? {}) });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect((await vote(poll.id, { ...ballot(poll, 1, 0, 'berlin-voter-1'), regionId: 11, ...BERLIN })).statusCode).toBe(201);

    const res = await ctx.t.app.inject(`${apiPaths.pollCounts(poll.id)}?lat=${BERLIN.lat}&lon=${BERLIN.lon}&regionId=18`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const result = res.json() as PollCounts;
    const tally = (questions: PollCounts['everyone']) => questions.map((q) => [q.label, q.total, q.answers.map((a) => [a.label, a.count, a.percentage])]);
    expect(tally(result.everyone)).toEqual([
      ['Extend the tram?', 6, [['Yes', 4, 66.7], ['No', 2, 33.3], ['Not sure', 0, 0]]],
      ['Your age?', 1, [['Under 30', 1, 100], ['30 and over', 0, 0]]],
    ]);
    // Within 50 km of Berlin: the two Berlin voters and Potsdam's.
    expect(result.nearby).toMatchObject({ ...BERLIN, radius: 50_000 });
    expect(tally(result.nearby!.questions)).toEqual([
      ['Extend the tram?', 3, [['Yes', 2, 66.7], ['No', 1, 33.3], ['Not sure', 0, 0]]],
      ['Your age?', 1, [['Under 30', 1, 100], ['30 and over', 0, 0]]],
    ]);
    expect(result.region!.regionId).toBe(18);
    expect(tally(result.region!.questions)).toEqual([
      ['Extend the tram?', 1, [['Yes', 0, 0], ['No', 1, 100], ['Not sure', 0, 0]]],
      ['Your age?', 0, [['Under 30', 0, 0], ['30 and over', 0, 0]]],
    ]);
    // A wider circle reaches Hamburg; no position, no nearby; no region, no region.
    expect((await counts(poll.id, `?lat=${BERLIN.lat}&lon=${BERLIN.lon}&radius=300000`)).nearby!.questions[0]!.total).toBe(4);
    expect(await counts(poll.id)).toMatchObject({ pollId: poll.id, nearby: null, region: null });

    // Everyone's counts equal the stored votes, answer by answer.
    const { rows } = await sql<{ answer_id: string; n: string }>`SELECT answer_id, count(*) AS n FROM poll_votes GROUP BY answer_id`.execute(db());
    const stored = new Map(rows.map((row) => [row.answer_id, Number(row.n)]));
    for (const question of result.everyone) for (const answer of question.answers) expect(answer.count).toBe(stored.get(answer.pollAnswerId) ?? 0);

    expect((await ctx.t.app.inject(`${apiPaths.pollCounts(poll.id)}?lat=52`)).statusCode).toBe(400);
    expect((await ctx.t.app.inject(`${apiPaths.pollCounts(poll.id)}?radius=5000`)).statusCode).toBe(400);
    const pending = await ctx.studio.makePoll({ status: PollStatus.PENDING });
    expect((await ctx.t.app.inject(apiPaths.pollCounts(pending.id))).statusCode).toBe(404);
    const ended = await ctx.studio.makePoll({ status: PollStatus.ENDED });
    expect((await counts(ended.id)).everyone[0]!.total).toBe(0);
  });
});

describe('a vote without a region or position', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: 'off', TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  it('takes both from the client address', async () => {
    const studio = await pollStudio(t.app, t.database.handle.db);
    const poll = await studio.makePoll();
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.pollVote(poll.id),
      // 8.8.8.8 is in the United States in the shipped geo-IP database.
      headers: { 'x-forwarded-for': '8.8.8.8' },
      payload: { visitorId: ALICE, pollQuestionId: poll.questions[0]!.id, pollAnswerId: poll.questions[0]!.answers[0] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.database.handle.db.selectFrom('poll_votes').select(['region_id', 'lat', 'lon']).executeTakeFirstOrThrow();
    expect(row.region_id).toBe(2);
    expect(row.lat).toMatch(/^-?\d+\.\d{2}$/);
    expect(row.lon).toMatch(/^-?\d+\.\d{2}$/);
  });
});

describe('votes from one address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('are limited like other anonymous writes', async () => {
    const studio = await pollStudio(t.app, t.database.handle.db);
    const poll = await studio.makePoll();
    const { max } = RATE_LIMITS.anonymousWrite;
    const cast = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: apiPaths.pollVote(poll.id),
        payload: { visitorId: `rate-voter-${n}`, pollQuestionId: poll.questions[0]!.id, pollAnswerId: poll.questions[0]!.answers[0] },
      });
    for (let n = 0; n < max; n++) expect((await cast(n)).statusCode).toBe(201);
    const refused = await cast(max);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await voteCount(t.database.handle.db)).toBe(max);
  });
});

describe('polls while the database is down', () => {
  let t: TestApp;
  let poll: MadePoll;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: 'off' });
    poll = await (await pollStudio(t.app, t.database.handle.db)).makePoll();
    await t.database.takeDown();
  });
  afterAll(() => t.close());

  it('answers 503 with Retry-After to a vote, a batch of votes and a find', async () => {
    const ballot = (visitorId: string) => ({ visitorId, pollQuestionId: poll.questions[0]!.id, pollAnswerId: poll.questions[0]!.answers[0] });
    // Sent at once, so they fail as one batch, each with its own answer.
    const votes = await Promise.all(['down-voter-0001', 'down-voter-0002', 'down-voter-0003'].map((visitorId) => t.app.inject({ method: 'POST', url: apiPaths.pollVote(poll.id), payload: ballot(visitorId) })));
    for (const res of votes) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
    }
    const found = await t.app.inject({ method: 'POST', url: apiPaths.pollsFind, payload: { regionIds: [0] } });
    expect(found.statusCode, found.body).toBe(503);
    expect(found.headers['retry-after']).toBeDefined();
  });
});
