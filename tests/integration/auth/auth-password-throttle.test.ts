import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../../db/schema';
import { registerUser, useTestApp } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';

// Issue 24 (LOW): PATCH and DELETE /api/user checked the current password with no limit, so a stolen session
// could guess it. They now share sign-in's counters for the account (default limit: 10 per account and client).
const LIMIT = 10;

describe.each(dbKinds)('current-password checks share the sign-in throttle on %s', (kind) => {
  const t = useTestApp(kind);

  const profile = (creds: { username: string; email: string }, currentPassword: string) => ({
    username: creds.username,
    email: creds.email,
    currentPassword,
  });

  it('PATCH /api/user: after the limit of wrong passwords, 429 with Retry-After, even for the right one', async () => {
    const { client, creds } = await registerUser(t);
    for (let i = 0; i < LIMIT; i++) {
      const res = await client.patch('/api/user', profile(creds, `wrong-${i}`));
      expect(res.status, `guess ${i + 1}`).toBe(400);
      expect((await res.json()).message).toBe('Current password is incorrect');
    }
    const refused = await client.patch('/api/user', profile(creds, 'wrong-more'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused.json()).message).toMatch(/^Too many password attempts\. Please try again in \d+ minutes?\.$/);
    expect((await client.patch('/api/user', { ...profile(creds, creds.password), username: `${creds.username}x` })).status).toBe(429);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, creds.email));
    expect(row.username).toBe(creds.username);
  });

  it('DELETE /api/user: after the limit of wrong passwords, 429 with Retry-After, and the account stays', async () => {
    const { client, creds } = await registerUser(t);
    for (let i = 0; i < LIMIT; i++) {
      const res = await client.delete('/api/user', { password: `wrong-${i}` });
      expect(res.status, `guess ${i + 1}`).toBe(400);
      expect((await res.json()).message).toBe('Incorrect password');
    }
    const refused = await client.delete('/api/user', { password: 'wrong-more' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await client.delete('/api/user', { password: creds.password })).status).toBe(429);
    expect(await t.database.db.select().from(users).where(eq(users.email, creds.email))).toHaveLength(1);
  });

  it('wrong current passwords count toward the sign-in limit for that account and client', async () => {
    const { client, creds } = await registerUser(t);
    for (let i = 0; i < LIMIT / 2; i++) expect((await client.patch('/api/user', profile(creds, `wrong-${i}`))).status).toBe(400);
    for (let i = 0; i < LIMIT / 2; i++) expect((await client.delete('/api/user', { password: `wrong-${i}` })).status).toBe(400);
    const sameClient = await t.client({ ip: client.ip }).post('/api/login', { username: creds.username, password: creds.password });
    expect(sameClient.status).toBe(429);
    expect((await sameClient.json()).message).toMatch(/^Too many login attempts\./);
    expect((await t.client().post('/api/login', { username: creds.username, password: creds.password })).status).toBe(200);
  });

  it('wrong sign-in passwords count toward the current-password limit', async () => {
    const { client, creds } = await registerUser(t);
    const attacker = t.client({ ip: client.ip });
    for (let i = 0; i < LIMIT; i++)
      expect((await attacker.post('/api/login', { username: creds.username, password: `wrong-${i}` })).status).toBe(401);
    expect((await client.patch('/api/user', profile(creds, creds.password))).status).toBe(429);
    expect((await client.delete('/api/user', { password: creds.password })).status).toBe(429);
  });

  it('the right password gives the tries back, as at sign-in', async () => {
    const { client, creds } = await registerUser(t);
    for (let i = 0; i < LIMIT - 1; i++) expect((await client.patch('/api/user', profile(creds, `wrong-${i}`))).status).toBe(400);
    expect((await client.patch('/api/user', profile(creds, creds.password))).status).toBe(200);
    for (let i = 0; i < LIMIT; i++)
      expect((await client.delete('/api/user', { password: `wrong-${i}` })).status, `guess ${i + 1}`).toBe(400);
    expect((await client.delete('/api/user', { password: 'wrong-more' })).status).toBe(429);
  });
});
