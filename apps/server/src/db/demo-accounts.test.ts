import { AccountRole, AdminRole, type Session } from '@newsreel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { DEMO_PASSWORD, DEMO_VENDOR_API_KEY } from './demo-accounts';

describe('the demo accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DEMO_CONTENT: 'on', RATE_LIMITS: 'off' });
  });
  afterAll(() => t.close());

  const signIn = async (email: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/users/login', payload: { email, password: DEMO_PASSWORD } });
    expect(res.statusCode, `${email}: ${res.body}`).toBe(200);
    return (res.json() as Session).user;
  };

  it('come with the demo catalogue, one per identity, with the README’s password', async () => {
    expect((await signIn('admin@example.com')).adminRole).toBe(AdminRole.SUPERUSER);
    expect((await signIn('moderator@example.com')).adminRole).toBe(AdminRole.MODERATOR);
    const publisher = await signIn('publisher@example.com');
    expect(publisher.publishers).toEqual([expect.objectContaining({ name: 'Harbour Daily', role: AccountRole.ADMIN })]);
    expect(publisher.activePublisherId).toBe(publisher.publishers[0]!.id);
    expect((await signIn('editor@example.com')).publishers).toEqual([expect.objectContaining({ name: 'Harbour Daily', role: AccountRole.MEMBER })]);
    const vendor = await signIn('vendor@example.com');
    expect(vendor.vendors).toEqual([expect.objectContaining({ role: AccountRole.ADMIN })]);
    const reader = await signIn('reader@example.com');
    expect(reader).toMatchObject({ adminRole: null, publishers: [], vendors: [] });
    const subscriber = await signIn('subscriber@example.com');
    const subscriptions = await t.database.handle.db.selectFrom('subscriptions').select(['user_id', 'status', 'current_period_end']).execute();
    expect(subscriptions).toEqual([{ user_id: subscriber.id, status: 0, current_period_end: expect.any(Date) }]);
    expect(subscriptions[0]!.current_period_end.getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000);

    const exchanged = await t.app.inject({ method: 'POST', url: '/v1/auth/vendor', payload: { key: DEMO_VENDOR_API_KEY } });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    expect(exchanged.json().vendor.id).toBe(vendor.vendors[0]!.id);
  });
});

describe('the demo in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DEMO_CONTENT: 'on', NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent', RATE_LIMITS: 'off' });
  });
  afterAll(() => t.close());

  it('has the catalogue but never the accounts', async () => {
    expect((await t.app.inject('/v1/articles?limit=1')).json().total).toBeGreaterThan(0);
    const users = await t.database.handle.db.selectFrom('users').select('email').execute();
    expect(users).toEqual([]);
  });
});
