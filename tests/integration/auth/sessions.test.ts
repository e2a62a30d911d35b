import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../../db/schema';
import { registerUser, useTestApp } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';

const DAY = 86_400_000;

describe.each(dbKinds)('sessions on %s', (kind) => {
  let now = Date.now();
  const t = useTestApp(kind, {}, { clock: () => new Date(now) });

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
