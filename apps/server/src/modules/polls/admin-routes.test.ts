import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  AdminRole,
  POLL_ASSET_MAX_BYTES,
  PollStatus,
  apiPaths,
  type AdminPoll,
  type AdminPollList,
  type AuditList,
  type PollAnswer,
  type PollAsset,
  type PollAssetUpload,
  type PollQuestion,
  type PollResults,
  type PollTarget,
  adminApiPaths,
} from '@newsreel/contracts';
import { describe, expect, it } from 'vitest';
import { adminAuth, makeAccount, signIn } from '../../../test/accounts';
import { usePollTestApp, voteCount } from '../../../test/polls';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]);

describe('the poll studio', () => {
  const ctx = usePollTestApp();
  const db = () => ctx.db;
  const vote = (pollId: string, pollQuestionId: string, pollAnswerId: string, visitorId = 'visitor-studio-01', regionId = 0) =>
    ctx.t.app.inject({ method: 'POST', url: apiPaths.pollVote(pollId), payload: { visitorId, pollQuestionId, pollAnswerId, regionId } });
  const expectRefusal = async (res: Promise<{ statusCode: number; body: string; json(): { message: string } }>, status: number, message: RegExp) => {
    const answer = await res;
    expect(answer.statusCode, answer.body).toBe(status);
    expect(answer.json().message).toMatch(message);
  };

  it('creates, reads, lists, updates and deletes polls', async () => {
    const created = await ctx.studio.call('POST', adminApiPaths.polls, { name: 'Night buses', type: 1, config: {} });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['cache-control']).toBe('private, no-store');
    const poll = created.json() as AdminPoll;
    expect(poll).toMatchObject({ name: 'Night buses', priority: 100, type: 1, status: PollStatus.PENDING, visibility: 0, questions: [], targets: [], assets: [], voteCount: 0 });

    await ctx.studio.makePoll({ name: 'Tram extension', priority: 5, targets: [{ regionIds: [11] }] });
    await ctx.studio.makePoll({ name: 'Harbour swim', priority: 50, status: PollStatus.READY });
    const list = async (query: string) => ((await ctx.studio.ok<AdminPollList>('GET', `${adminApiPaths.polls}?${query}`)).items.map((p) => p.name));
    expect(await list('')).toEqual(['Tram extension', 'Harbour swim', 'Night buses']);
    expect(await list('sort=name&order=desc')).toEqual(['Tram extension', 'Night buses', 'Harbour swim']);
    expect(await list('q=TRAM')).toEqual(['Tram extension']);
    expect(await list('q=%25')).toEqual([]);
    expect(await list(`status=${PollStatus.LIVE}`)).toEqual(['Tram extension']);
    expect(await list('type=1')).toEqual(['Night buses']);
    expect(await list('regionId=11')).toEqual(['Tram extension']);
    const paged = await ctx.studio.ok<AdminPollList>('GET', `${adminApiPaths.polls}?limit=1&page=2`);
    expect(paged).toMatchObject({ total: 3, page: 2, limit: 1, items: [{ name: 'Harbour swim' }] });

    const updated = await ctx.studio.ok<AdminPoll>('PUT', adminApiPaths.poll(poll.id), { name: 'Night buses, again', priority: 7, endsAt: '2027-01-01T00:00:00.000Z' });
    expect(updated).toMatchObject({ name: 'Night buses, again', priority: 7, type: 1, endsAt: '2027-01-01T00:00:00.000Z' });
    await expectRefusal(ctx.studio.call('PUT', adminApiPaths.poll(poll.id), { startsAt: '2027-02-01T00:00:00.000Z' }), 400, /endsAt must be after body\.startsAt/);
    expect((await ctx.studio.call('GET', adminApiPaths.poll(poll.id))).json()).toMatchObject({ name: 'Night buses, again' });

    expect((await ctx.studio.call('DELETE', adminApiPaths.poll(poll.id))).statusCode).toBe(204);
    expect((await ctx.studio.call('GET', adminApiPaths.poll(poll.id))).statusCode).toBe(404);
    expect((await ctx.studio.call('DELETE', adminApiPaths.poll(poll.id))).statusCode).toBe(404);
    await expectRefusal(ctx.studio.call('POST', adminApiPaths.polls, { name: '' }), 400, /body\.name/);
    await expectRefusal(ctx.studio.call('POST', adminApiPaths.polls, { name: 'Live at once', status: PollStatus.LIVE }), 409, /starts pending or ready/);
  });

  it('lets a poll go live only with questions that can be answered, and only along the status rules', async () => {
    const poll = (await ctx.studio.ok<AdminPoll>('POST', adminApiPaths.polls, { name: 'Budget' })).id;
    const setStatus = (status: number) => ctx.studio.call('PUT', adminApiPaths.poll(poll), { status });
    await expectRefusal(setStatus(PollStatus.LIVE), 409, /pending poll cannot become live; it can become ready/);
    expect((await setStatus(PollStatus.READY)).statusCode).toBe(200);
    await expectRefusal(setStatus(PollStatus.LIVE), 409, /at least one question/);
    const question = await ctx.studio.ok<PollQuestion>('POST', adminApiPaths.pollQuestions(poll), { label: 'Raise the budget?' });
    await ctx.studio.ok('POST', adminApiPaths.pollAnswers(poll, question.id), { label: 'Yes' });
    await expectRefusal(setStatus(PollStatus.LIVE), 409, /"Raise the budget\?" has 1 answer; it needs at least 2/);
    await ctx.studio.ok('POST', adminApiPaths.pollAnswers(poll, question.id), { label: 'No' });
    const meta = await ctx.studio.ok<PollQuestion>('POST', adminApiPaths.pollQuestions(poll), { label: 'Your age?', type: 2, field: 'ageBracket' });
    await expectRefusal(setStatus(PollStatus.LIVE), 409, /"Your age\?" has 0 answers; it needs at least 1/);
    await ctx.studio.ok('POST', adminApiPaths.pollAnswers(poll, meta.id), { label: '18–29' });
    expect((await setStatus(PollStatus.LIVE)).json()).toMatchObject({ status: PollStatus.LIVE });
    // Paused, live again, ended; ended is final.
    expect((await setStatus(PollStatus.READY)).statusCode).toBe(200);
    expect((await setStatus(PollStatus.LIVE)).statusCode).toBe(200);
    expect((await setStatus(PollStatus.ENDED)).statusCode).toBe(200);
    await expectRefusal(setStatus(PollStatus.LIVE), 409, /ended poll cannot become live; ended is final/);
    await expectRefusal(setStatus(PollStatus.PENDING), 409, /ended is final/);
  });

  it('keeps questions and answers in order, and moves the others when one moves', async () => {
    const poll = (await ctx.studio.ok<AdminPoll>('POST', adminApiPaths.polls, { name: 'Order' })).id;
    const add = async (label: string, order?: number) =>
      (await ctx.studio.ok<PollQuestion>('POST', adminApiPaths.pollQuestions(poll), { label, ...(order === undefined ? {} : { order }) })).id;
    const [a, b, c] = [await add('A?'), await add('B?'), await add('C?')];
    const d = await add('D?', 1);
    const labels = async () => (await ctx.studio.ok<PollQuestion[]>('GET', adminApiPaths.pollQuestions(poll))).map((q) => `${q.order}:${q.label}`);
    expect(await labels()).toEqual(['0:A?', '1:D?', '2:B?', '3:C?']);
    await ctx.studio.ok('PUT', adminApiPaths.pollQuestion(poll, c), { order: 0, label: 'C, first?' });
    expect(await labels()).toEqual(['0:C, first?', '1:A?', '2:D?', '3:B?']);
    await ctx.studio.ok('PUT', adminApiPaths.pollQuestion(poll, a), { order: 19 });
    expect(await labels()).toEqual(['0:C, first?', '1:D?', '2:B?', '3:A?']);
    expect((await ctx.studio.call('DELETE', adminApiPaths.pollQuestion(poll, d))).statusCode).toBe(204);
    expect(await labels()).toEqual(['0:C, first?', '1:B?', '2:A?']);

    const answer = async (label: string, order?: number) =>
      (await ctx.studio.ok<{ id: string }>('POST', adminApiPaths.pollAnswers(poll, b), { label, ...(order === undefined ? {} : { order }) })).id;
    const [yes, no] = [await answer('Yes'), await answer('No')];
    await answer('Maybe', 0);
    const answers = async () => (await ctx.studio.ok<{ label: string; order: number }[]>('GET', adminApiPaths.pollAnswers(poll, b))).map((x) => `${x.order}:${x.label}`);
    expect(await answers()).toEqual(['0:Maybe', '1:Yes', '2:No']);
    await ctx.studio.ok('PUT', adminApiPaths.pollAnswer(poll, b, no), { order: 0, label: 'Nope' });
    expect(await answers()).toEqual(['0:Nope', '1:Maybe', '2:Yes']);
    expect(await ctx.studio.ok('GET', adminApiPaths.pollAnswer(poll, b, yes))).toEqual({ id: yes, label: 'Yes', order: 2 });
    expect((await ctx.studio.call('GET', adminApiPaths.pollAnswer(poll, a, yes))).statusCode).toBe(404);
    expect((await ctx.studio.call('GET', adminApiPaths.pollQuestion(poll, ctx.f.story))).statusCode).toBe(404);

    // A visitor-meta question names its field; no other question does.
    await expectRefusal(ctx.studio.call('POST', adminApiPaths.pollQuestions(poll), { label: 'Age?', type: 2 }), 400, /body\.field is required for a visitor-meta question/);
    await expectRefusal(ctx.studio.call('POST', adminApiPaths.pollQuestions(poll), { label: 'Age?', field: 'yob' }), 400, /only for visitor-meta questions/);
    await expectRefusal(ctx.studio.call('PUT', adminApiPaths.pollQuestion(poll, a), { type: 2 }), 400, /body\.field is required/);
    expect(await ctx.studio.ok('PUT', adminApiPaths.pollQuestion(poll, a), { type: 2, field: 'yob' })).toMatchObject({ type: 2, field: 'yob' });
    expect(await ctx.studio.ok('PUT', adminApiPaths.pollQuestion(poll, a), { type: 0 })).toMatchObject({ type: 0, field: null });
  });

  it('allows relabelling a live poll with votes, never losing a vote', async () => {
    const poll = await ctx.studio.makePoll({ questions: [{ label: 'Tram?', answers: ['Yes', 'No', 'Unsure'] }, { label: 'Bus?', answers: ['Yes', 'No'] }] });
    const [tram, bus] = poll.questions as [{ id: string; answers: string[] }, { id: string; answers: string[] }];
    expect((await vote(poll.id, tram.id, tram.answers[0]!)).statusCode).toBe(201);

    // Live: labels and order may change; nothing may be added, removed or retyped.
    expect(await ctx.studio.ok('PUT', adminApiPaths.pollQuestion(poll.id, tram.id), { label: 'Extend the tram?', order: 1 })).toMatchObject({ label: 'Extend the tram?', order: 1 });
    expect(await ctx.studio.ok('PUT', adminApiPaths.pollAnswer(poll.id, tram.id, tram.answers[0]!), { label: 'Yes, extend it' })).toMatchObject({ label: 'Yes, extend it' });
    await expectRefusal(ctx.studio.call('POST', adminApiPaths.pollQuestions(poll.id), { label: 'New?' }), 409, /is live.*Pause it/);
    await expectRefusal(ctx.studio.call('POST', adminApiPaths.pollAnswers(poll.id, bus.id), { label: 'Maybe' }), 409, /is live/);
    await expectRefusal(ctx.studio.call('DELETE', adminApiPaths.pollAnswer(poll.id, tram.id, tram.answers[2]!)), 409, /is live/);
    await expectRefusal(ctx.studio.call('PUT', adminApiPaths.pollQuestion(poll.id, bus.id), { type: 1 }), 409, /is live/);
    await expectRefusal(ctx.studio.call('DELETE', adminApiPaths.poll(poll.id)), 409, /live and has votes; end it/);

    // Paused: what has votes still stays; what has none may go.
    await ctx.studio.ok('PUT', adminApiPaths.poll(poll.id), { status: PollStatus.READY });
    await expectRefusal(ctx.studio.call('DELETE', adminApiPaths.pollQuestion(poll.id, tram.id)), 409, /has 1 vote; a question with votes cannot be deleted/);
    await expectRefusal(ctx.studio.call('DELETE', adminApiPaths.pollAnswer(poll.id, tram.id, tram.answers[0]!)), 409, /has 1 vote; an answer with votes cannot be deleted/);
    expect((await ctx.studio.call('DELETE', adminApiPaths.pollAnswer(poll.id, tram.id, tram.answers[2]!))).statusCode).toBe(204);
    expect((await ctx.studio.call('DELETE', adminApiPaths.pollQuestion(poll.id, bus.id))).statusCode).toBe(204);
    expect(await voteCount(db())).toBe(1);
    expect((await ctx.studio.ok<AdminPoll>('GET', adminApiPaths.poll(poll.id))).voteCount).toBe(1);

    // Not live: the poll may be deleted, and its votes go with it.
    expect((await ctx.studio.call('DELETE', adminApiPaths.poll(poll.id))).statusCode).toBe(204);
    expect(await voteCount(db())).toBe(0);
    // A live poll without votes may be deleted.
    const quiet = await ctx.studio.makePoll();
    expect((await ctx.studio.call('DELETE', adminApiPaths.poll(quiet.id))).statusCode).toBe(204);
  });

  it('adds, changes and removes targets, refusing ones that set nothing or name nothing', async () => {
    const poll = (await ctx.studio.ok<AdminPoll>('POST', adminApiPaths.polls, { name: 'Targets' })).id;
    const created = await ctx.studio.call('POST', adminApiPaths.pollTargets(poll), { regionIds: [11, 4, 11], categoryIds: [ctx.f.categories.sport] });
    expect(created.statusCode, created.body).toBe(201);
    const target = created.json() as PollTarget;
    expect(target).toEqual({ id: target.id, regionIds: [11, 4], categoryIds: [ctx.f.categories.sport], publisherId: null, storyId: null, articleId: null, lat: null, lon: null, radius: null });
    const circle = await ctx.studio.ok<PollTarget>('PUT', adminApiPaths.pollTarget(poll, target.id), { regionIds: [], lat: 52.52, lon: 13.405, radius: 50_000 });
    expect(circle).toMatchObject({ regionIds: [], categoryIds: [ctx.f.categories.sport], lat: 52.52, lon: 13.405, radius: 50_000 });
    expect(await ctx.studio.ok('GET', adminApiPaths.pollTarget(poll, target.id))).toEqual(circle);

    await expectRefusal(ctx.studio.call('POST', adminApiPaths.pollTargets(poll), {}), 400, /must set at least one/);
    await expectRefusal(ctx.studio.call('POST', adminApiPaths.pollTargets(poll), { lat: 52.5, lon: 13.4 }), 400, /set all three or none/);
    await expectRefusal(ctx.studio.call('PUT', adminApiPaths.pollTarget(poll, target.id), { radius: null }), 400, /set all three or none/);
    await expectRefusal(ctx.studio.call('PUT', adminApiPaths.pollTarget(poll, target.id), { lat: null, lon: null, radius: null, categoryIds: [] }), 400, /must set at least one/);
    await expectRefusal(ctx.studio.call('POST', adminApiPaths.pollTargets(poll), { publisherId: ctx.f.story }), 400, /body\.publisherId names no publisher/);
    await expectRefusal(ctx.studio.call('POST', adminApiPaths.pollTargets(poll), { categoryIds: [ctx.f.publishers.spree] }), 400, /names no category/);
    await expectRefusal(ctx.studio.call('POST', adminApiPaths.pollTargets(poll), { radius: 10 }), 400, /body\.radius/);
    expect((await ctx.studio.call('POST', adminApiPaths.pollTargets(poll), { articleId: ctx.f.articles.berlin, storyId: ctx.f.story, publisherId: ctx.f.publishers.spree })).statusCode).toBe(201);

    expect(await ctx.studio.ok<PollTarget[]>('GET', adminApiPaths.pollTargets(poll))).toHaveLength(2);
    expect((await ctx.studio.call('DELETE', adminApiPaths.pollTarget(poll, target.id))).statusCode).toBe(204);
    expect((await ctx.studio.call('DELETE', adminApiPaths.pollTarget(poll, target.id))).statusCode).toBe(404);
    expect(await ctx.studio.ok<PollTarget[]>('GET', adminApiPaths.pollTargets(poll))).toHaveLength(1);
    expect((await ctx.studio.call('GET', adminApiPaths.pollTargets(ctx.f.story))).statusCode).toBe(404);
  });

  it('takes an asset: declare, upload the bytes, serve them; refuses the wrong type, wrong bytes and too many', async () => {
    const poll = await ctx.studio.makePoll();
    const declared = await ctx.studio.ok<PollAssetUpload>('PUT', adminApiPaths.pollAsset(poll.id), { fileType: 'image/png', fileName: 'tram map.png' });
    expect(declared).toEqual({
      asset: { fileType: 'image/png', fileName: 'tram map.png', url: null },
      uploadUrl: `${adminApiPaths.pollAssetFile(poll.id)}?fileName=tram%20map.png`,
    });
    const upload = (payload: Buffer, contentType: string, url = declared.uploadUrl) =>
      ctx.t.app.inject({ method: 'PUT', url, payload, headers: { ...ctx.studio.auth, 'content-type': contentType } });

    await expectRefusal(upload(PNG, 'image/jpeg'), 415, /Content-Type: image\/png/);
    await expectRefusal(upload(JPEG, 'image/png'), 415, /not image\/png \(its bytes are image\/jpeg\)/);
    await expectRefusal(upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png'), 415, /none of the accepted types/);
    await expectRefusal(upload(Buffer.alloc(POLL_ASSET_MAX_BYTES + 1, 0x89), 'image/png'), 413, /at most 20 MB/);
    await expectRefusal(upload(PNG, 'image/png', `${adminApiPaths.pollAssetFile(poll.id)}?fileName=other.png`), 404, /no asset named "other\.png"; declare it first/);
    expect((await ctx.studio.ok<AdminPoll>('GET', adminApiPaths.poll(poll.id))).assets).toEqual([{ fileType: 'image/png', fileName: 'tram map.png', url: null }]);

    const stored = await upload(PNG, 'image/png');
    expect(stored.statusCode, stored.body).toBe(200);
    const asset = stored.json() as PollAsset;
    expect(asset.url).toMatch(new RegExp(`^/media/polls/${poll.id}/[0-9a-f-]+\\.png$`));
    const served = await ctx.t.app.inject(asset.url!);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    // Readers see it on the poll.
    expect((await ctx.t.app.inject(apiPaths.poll(poll.id))).json().assets).toEqual([asset]);

    // A new upload replaces the file under a new URL; the old file is gone.
    const replaced = (await upload(Buffer.concat([PNG, PNG]), 'image/png')).json() as PollAsset;
    expect(replaced.url).not.toBe(asset.url);
    const fileOf = (url: string) => path.join(ctx.t.mediaRoot, ...url.replace('/media/', '').split('/'));
    expect(existsSync(fileOf(asset.url!))).toBe(false);
    expect(existsSync(fileOf(replaced.url!))).toBe(true);

    await expectRefusal(ctx.studio.call('DELETE', adminApiPaths.pollAsset(poll.id), { fileName: 'nothing.png' }), 404, /no asset named/);
    expect((await ctx.studio.call('DELETE', adminApiPaths.pollAsset(poll.id), { fileName: 'tram map.png' })).statusCode).toBe(204);
    expect(existsSync(fileOf(replaced.url!))).toBe(false);
    expect((await ctx.studio.ok<AdminPoll>('GET', adminApiPaths.poll(poll.id))).assets).toEqual([]);
    await expectRefusal(ctx.studio.call('PUT', adminApiPaths.pollAsset(poll.id), { fileType: 'image/svg+xml', fileName: 'x.svg' }), 400, /body\.fileType/);
  });

  it('answers the results, everyone’s or one region’s, with votes per region', async () => {
    const poll = await ctx.studio.makePoll({ questions: [{ label: 'Tram?', answers: ['Yes', 'No'] }] });
    const [q] = poll.questions as [{ id: string; answers: [string, string] }];
    await vote(poll.id, q.id, q.answers[0], 'results-voter-1', 11);
    await vote(poll.id, q.id, q.answers[0], 'results-voter-2', 11);
    await vote(poll.id, q.id, q.answers[1], 'results-voter-3', 4);
    const all = await ctx.studio.ok<PollResults>('GET', adminApiPaths.pollResultCounts(poll.id));
    expect(all).toEqual({
      pollId: poll.id,
      regionId: null,
      questions: [
        {
          pollQuestionId: q.id,
          label: 'Tram?',
          total: 3,
          answers: [
            { pollAnswerId: q.answers[0], label: 'Yes', count: 2, percentage: 66.7 },
            { pollAnswerId: q.answers[1], label: 'No', count: 1, percentage: 33.3 },
          ],
        },
      ],
      byRegion: [
        { regionId: 11, total: 2 },
        { regionId: 4, total: 1 },
      ],
    });
    const europe = await ctx.studio.ok<PollResults>('GET', `${adminApiPaths.pollResultCounts(poll.id)}?regionId=4`);
    expect(europe.questions[0]).toMatchObject({ total: 1, answers: [{ count: 0 }, { count: 1, percentage: 100 }] });
    expect((await ctx.studio.call('GET', adminApiPaths.pollResultCounts(ctx.f.story))).statusCode).toBe(404);
  });

  it('records every write in the audit log with who made it and the resource before and after; a refused write records nothing', async () => {
    await makeAccount(db(), 'poll-auditor@example.com', { adminRole: AdminRole.SUPERUSER });
    const superuser = await adminAuth(ctx.t.app, await signIn(ctx.t.app, 'poll-auditor@example.com'));
    const moderator = await db().selectFrom('users').select('id').where('email', '=', 'poll-moderator@example.com').executeTakeFirstOrThrow();
    const audit = async (query: string) => {
      const res = await ctx.t.app.inject({ method: 'GET', url: `${adminApiPaths.audit}?${query}`, headers: superuser });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as AuditList;
    };
    /** The resource's entries, oldest first: [action, before, after]. */
    const history = async (resource: string, resourceId: string) => {
      const { items } = await audit(`limit=100&resource=${resource}&resourceId=${encodeURIComponent(resourceId)}`);
      for (const entry of items) {
        expect(entry.actor).toEqual({ userId: moderator.id, email: 'poll-moderator@example.com', adminRole: AdminRole.MODERATOR });
        expect(entry.requestId).toEqual(expect.any(String));
      }
      return items.reverse().map((entry) => [entry.action, entry.before, entry.after]);
    };
    const entries = async () => (await audit('limit=1')).total;

    // Polls: create, update (a status change too), delete.
    const created = await ctx.studio.ok<AdminPoll>('POST', adminApiPaths.polls, { name: 'Audited', config: {} });
    const renamed = await ctx.studio.ok<AdminPoll>('PUT', adminApiPaths.poll(created.id), { name: 'Audited, renamed', priority: 3 });
    expect(await history('poll', created.id)).toEqual([
      ['create', null, created],
      ['update', created, renamed],
    ]);

    // Targets: the id is pollId/targetId.
    const target = await ctx.studio.ok<PollTarget>('POST', adminApiPaths.pollTargets(created.id), { regionIds: [11] });
    const retargeted = await ctx.studio.ok<PollTarget>('PUT', adminApiPaths.pollTarget(created.id, target.id), { regionIds: [4], categoryIds: [ctx.f.categories.science] });
    expect((await ctx.studio.call('DELETE', adminApiPaths.pollTarget(created.id, target.id))).statusCode).toBe(204);
    expect(await history('poll-target', `${created.id}/${target.id}`)).toEqual([
      ['create', null, target],
      ['update', target, retargeted],
      ['delete', retargeted, null],
    ]);

    // Questions (pollId/questionId) and answers (pollId/questionId/answerId), moves included.
    const first = await ctx.studio.ok<PollQuestion>('POST', adminApiPaths.pollQuestions(created.id), { label: 'First?' });
    const second = await ctx.studio.ok<PollQuestion>('POST', adminApiPaths.pollQuestions(created.id), { label: 'Second?' });
    const moved = await ctx.studio.ok<PollQuestion>('PUT', adminApiPaths.pollQuestion(created.id, second.id), { label: 'Now first?', order: 0 });
    expect(moved).toMatchObject({ label: 'Now first?', order: 0 });
    expect((await ctx.studio.call('DELETE', adminApiPaths.pollQuestion(created.id, second.id))).statusCode).toBe(204);
    expect(await history('poll-question', `${created.id}/${second.id}`)).toEqual([
      ['create', null, second],
      ['update', second, moved],
      ['delete', moved, null],
    ]);
    const yes = await ctx.studio.ok<PollAnswer>('POST', adminApiPaths.pollAnswers(created.id, first.id), { label: 'Yes' });
    const no = await ctx.studio.ok<PollAnswer>('POST', adminApiPaths.pollAnswers(created.id, first.id), { label: 'No' });
    const noFirst = await ctx.studio.ok<PollAnswer>('PUT', adminApiPaths.pollAnswer(created.id, first.id, no.id), { order: 0 });
    expect(noFirst).toEqual({ id: no.id, label: 'No', order: 0 });
    expect((await ctx.studio.call('DELETE', adminApiPaths.pollAnswer(created.id, first.id, yes.id))).statusCode).toBe(204);
    expect(await history('poll-answer', `${created.id}/${first.id}/${no.id}`)).toEqual([
      ['create', null, { id: no.id, label: 'No', order: 1 }],
      ['update', { id: no.id, label: 'No', order: 1 }, noFirst],
    ]);
    expect(await history('poll-answer', `${created.id}/${first.id}/${yes.id}`)).toEqual([
      ['create', null, { id: yes.id, label: 'Yes', order: 0 }],
      ['delete', { id: yes.id, label: 'Yes', order: 1 }, null],
    ]);

    // The asset: declared, uploaded, declared again (its file replaced), deleted; never its bytes.
    const declare = () => ctx.studio.ok<PollAssetUpload>('PUT', adminApiPaths.pollAsset(created.id), { fileType: 'image/png', fileName: 'audit.png' });
    const declared = await declare();
    const uploaded = await ctx.t.app.inject({ method: 'PUT', url: declared.uploadUrl, payload: PNG, headers: { ...ctx.studio.auth, 'content-type': 'image/png' } });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const asset = uploaded.json() as PollAsset;
    await declare();
    expect((await ctx.studio.call('DELETE', adminApiPaths.pollAsset(created.id), { fileName: 'audit.png' })).statusCode).toBe(204);
    expect(await history('poll-asset', created.id)).toEqual([
      ['declare', null, declared.asset],
      ['upload', declared.asset, asset],
      ['declare', asset, declared.asset],
      ['delete', declared.asset, null],
    ]);

    // Refusals (400, 404, 409, 415) change nothing and record nothing.
    const before = await entries();
    const live = await ctx.studio.makePoll({ name: 'Audited live' });
    const [liveQuestion] = live.questions as [{ id: string; answers: [string, string] }];
    await vote(live.id, liveQuestion.id, liveQuestion.answers[0]);
    const made = await entries();
    expect(made).toBeGreaterThan(before);
    const refusals: [number, () => Promise<{ statusCode: number; body: string }>][] = [
      [409, () => ctx.studio.call('POST', adminApiPaths.polls, { name: 'Live at once', status: PollStatus.LIVE })],
      [400, () => ctx.studio.call('PUT', adminApiPaths.poll(created.id), { startsAt: '2027-02-01T00:00:00.000Z', endsAt: '2027-01-01T00:00:00.000Z' })],
      [409, () => ctx.studio.call('PUT', adminApiPaths.poll(created.id), { status: PollStatus.LIVE })],
      [409, () => ctx.studio.call('DELETE', adminApiPaths.poll(live.id))],
      [404, () => ctx.studio.call('DELETE', adminApiPaths.poll(ctx.f.story))],
      [400, () => ctx.studio.call('POST', adminApiPaths.pollTargets(created.id), { publisherId: ctx.f.story })],
      [404, () => ctx.studio.call('PUT', adminApiPaths.pollTarget(created.id, ctx.f.story), { regionIds: [4] })],
      [400, () => ctx.studio.call('POST', adminApiPaths.pollQuestions(created.id), { label: 'Age?', type: 0, field: 'ageBracket' })],
      [409, () => ctx.studio.call('POST', adminApiPaths.pollQuestions(live.id), { label: 'One more?' })],
      [409, () => ctx.studio.call('DELETE', adminApiPaths.pollAnswer(live.id, liveQuestion.id, liveQuestion.answers[0]))],
      [404, () => ctx.studio.call('PUT', adminApiPaths.pollAnswer(created.id, first.id, yes.id), { label: 'Gone' })],
      [404, () => ctx.studio.call('DELETE', adminApiPaths.pollAsset(created.id), { fileName: 'audit.png' })],
    ];
    for (const [status, send] of refusals) {
      const res = await send();
      expect(res.statusCode, res.body).toBe(status);
    }
    const redeclared = await declare();
    const asOf = await entries();
    const wrongBytes = await ctx.t.app.inject({ method: 'PUT', url: redeclared.uploadUrl, payload: JPEG, headers: { ...ctx.studio.auth, 'content-type': 'image/png' } });
    expect(wrongBytes.statusCode).toBe(415);
    expect(await entries()).toBe(asOf);
    expect(asOf).toBe(made + 1);

    // Deleting the poll records it whole, as it was.
    const last = await ctx.studio.ok<AdminPoll>('GET', adminApiPaths.poll(created.id));
    expect((await ctx.studio.call('DELETE', adminApiPaths.poll(created.id))).statusCode).toBe(204);
    expect((await history('poll', created.id)).at(-1)).toEqual(['delete', last, null]);
  });
});
