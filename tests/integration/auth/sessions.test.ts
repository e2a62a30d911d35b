import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../../db/schema';
import { createTestApp, registerUser, type TestApp } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';

const DAY = 86_400_000;

describe.each(dbKinds)('sessions on %s', (kind) => {
  let t: TestApp;
  let now = Date.now();
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { clock: () => new Date(now) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('slide: a session used after half its life is extended to 30 days from then', async () => {
    const { client, user } = await registerUser(t);
    const [before] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    now += 10 * DAY;
    const early = await client.get('/api/user');
    expect(early.status).toBe(200);
    expect(early.headers.get('set-cookie')).toBeNull();
    now += 10 * DAY;
    const renewed = await client.get('/api/user');
    expect(renewed.status).toBe(200);
    expect(renewed.headers.get('set-cookie')).toMatch(/pw_session=.*Max-Age=2592000/);
    const [after] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(after.expiresAt.getTime() - before.expiresAt.getTime()).toBeGreaterThanOrEqual(20 * DAY - 1000);
  });

  it('expires after 30 days without use', async () => {
    const { client } = await registerUser(t);
    now += 31 * DAY;
    const res = await client.get('/api/user');
    expect(res.status).toBe(401);
  });
});
