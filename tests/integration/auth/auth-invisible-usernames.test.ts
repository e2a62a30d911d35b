import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../../db/schema';
import { registerUser, useTestApp } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';

// Issue 24 (MEDIUM): names with invisible code points registered beside `admin` and showed as "admin".
const LOOKALIKES = ['admin\u034f', 'admin\ufe0f', 'admin\ufe00', 'admin\u{e0100}', 'admin\u115f', 'ad\u034fmin'];
const INVISIBLE = 'Username must not contain invisible characters';

describe.each(dbKinds)('usernames with invisible characters on %s', (kind) => {
  const t = useTestApp(kind, { DEMO_ACCOUNTS: 'true' });

  it.each(LOOKALIKES.map((s, i) => [JSON.stringify(s), s, i]))(
    'registering %s beside admin is a 400 and stores nothing',
    async (_, username, i) => {
      const before = await t.database.db.select({ id: users.id }).from(users);
      const res = await t.client().post('/api/register', { username, email: `lookalike${i}@example.co.za`, password: 'secret123' });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: INVISIBLE });
      expect(await t.database.db.select({ id: users.id }).from(users)).toHaveLength(before.length);
    },
  );

  it('renaming oneself to such a name is refused too', async () => {
    const { client, creds } = await registerUser(t);
    for (const username of LOOKALIKES) {
      const res = await client.patch('/api/user', { username, email: creds.email, currentPassword: creds.password });
      expect(res.status, JSON.stringify(username)).toBe(400);
      expect((await res.json()).message).toBe(INVISIBLE);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.email, creds.email));
    expect(row.username).toBe(creds.username);
  });

  it('an account stored before the rule gets a key without the invisible characters, so the plain name stays taken', async () => {
    // As the old code stored it: the name and a key that kept the combining grapheme joiner.
    const [old] = await t.database.db
      .insert(users)
      .values({
        username: 'thab\u034fo',
        usernameKey: 'thab\u034fo',
        email: 'old-thabo@example.co.za',
        password: 'x',
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      })
      .returning();
    await t.services.auth.backfillUsernameKeys();
    const [row] = await t.database.db.select().from(users).where(eq(users.id, old.id));
    expect(row.usernameKey).toBe('thabo');
    const res = await t.client().post('/api/register', { username: 'Thabo', email: 'thabo@example.co.za', password: 'secret123' });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe('Username already exists');
  });
});
