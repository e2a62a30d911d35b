import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, passwordResets, sessions, users } from '../../../db/schema';
import { registerUser, useTestApp } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';

describe.each(dbKinds)('accounts API on %s', (kind) => {
  const t = useTestApp(kind);

  describe('register', () => {
    it('creates a trialing user with a 7-day trial, signs them in and never returns the hash', async () => {
      const { client, creds, user } = await registerUser(t);
      expect(user).toMatchObject({
        username: creds.username,
        email: creds.email,
        isAdmin: false,
        subscriptionStatus: 'trialing',
        totalLogins: 1,
      });
      expect(user).not.toHaveProperty('password');
      const days = (Date.parse(user.trialEndDate) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.99);
      expect(days).toBeLessThanOrEqual(7);
      const me = await client.get('/api/user');
      expect(me.status).toBe(200);
      expect((await me.json()).username).toBe(creds.username);
      const [row] = await t.database.db.select().from(users).where(eq(users.username, creds.username));
      expect(row.password).toMatch(/^scrypt\$32768\$8\$1\$/);
      expect(row.password).not.toContain(creds.password);
    });

    it('sets an httpOnly SameSite=Lax session cookie and stores only its hash', async () => {
      const res = await t.client().post('/api/register', { username: 'cookiecheck', email: 'cookie@example.co.za', password: 'secret123' });
      expect(res.status).toBe(201);
      const cookie = res.headers.get('set-cookie')!;
      expect(cookie).toMatch(/pw_session=/);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      const token = /pw_session=([^;]+)/.exec(cookie)![1];
      const rows = await t.database.db.select().from(sessions);
      expect(rows.some((s) => s.id === token)).toBe(false);
      expect(rows.every((s) => /^[0-9a-f]{64}$/.test(s.id))).toBe(true);
    });

    it('names the duplicate: username or email', async () => {
      const { creds } = await registerUser(t);
      const dupName = await t
        .client()
        .post('/api/register', { username: creds.username.toUpperCase(), email: 'other@example.co.za', password: 'secret123' });
      expect(dupName.status).toBe(409);
      expect(await dupName.json()).toEqual({ message: 'Username already exists', field: 'username' });
      const dupEmail = await t
        .client()
        .post('/api/register', { username: 'someoneelse1', email: creds.email.toUpperCase(), password: 'secret123' });
      expect(dupEmail.status).toBe(409);
      expect(await dupEmail.json()).toEqual({ message: 'Email already registered', field: 'email' });
    });

    it.each([
      ['Username must be at least 3 characters', { username: 'ab', email: 'a@b.co.za', password: 'secret123' }],
      ['Please enter a valid email address', { username: 'abc', email: 'not-an-email', password: 'secret123' }],
      ['Email is required', { username: 'abc', email: '', password: 'secret123' }],
      ['Email is required', { username: 'abc', password: 'secret123' }],
      ['Password must be at least 6 characters', { username: 'abc', email: 'a@b.co.za', password: '12345' }],
      [
        'Username must be 3 to 50 characters: letters and numbers of one script, dots, dashes and underscores',
        { username: 'x'.repeat(5000), email: 'a@b.co.za', password: 'secret123' },
      ],
      [
        'Username must be 3 to 50 characters: letters and numbers of one script, dots, dashes and underscores',
        { username: 'bad name<script>', email: 'a@b.co.za', password: 'secret123' },
      ],
      ['Username is required', { username: 123, email: 'a@b.co.za', password: 'secret123' }],
    ])('rejects a registration with %s', async (message, body) => {
      const before = await t.database.db.select().from(users);
      const res = await t.client().post('/api/register', body);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(message);
      expect(await t.database.db.select().from(users)).toHaveLength(before.length);
    });

    it('accepts unicode usernames', async () => {
      const res = await t
        .client()
        .post('/api/register', { username: 'Thandiwe_Ngcobo-é', email: 'thandi@example.co.za', password: 'sécret123' });
      expect(res.status).toBe(201);
      const login = await t.client().post('/api/login', { username: 'Thandiwe_Ngcobo-é', password: 'sécret123' });
      expect(login.status).toBe(200);
    });
  });

  describe('bad bodies', () => {
    it('malformed JSON is a 400 with a message', async () => {
      const res = await t.client().post('/api/login', '{"username": ', { 'content-type': 'application/json' });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(/malformed json/i);
    });
    it.each(['[]', 'null', '"text"', '42'])('a JSON body that is not an object (%s) is a 400 with a message', async (body) => {
      const res = await t.client().post('/api/register', body, { 'content-type': 'application/json' });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: 'The request body must be a JSON object', field: 'body' });
    });
    it('oversized bodies are refused with 413', async () => {
      const res = await t.client().post('/api/register', { username: 'big', email: 'big@example.co.za', password: 'x'.repeat(200_000) });
      expect(res.status).toBe(413);
      expect((await res.json()).message).toBe('Request body is too large');
    });
    it('a foreign Origin on a state-changing request is 403', async () => {
      const res = await t.client().post('/api/login', { username: 'demo', password: 'password123' }, { origin: 'https://evil.example' });
      expect(res.status).toBe(403);
      expect((await res.json()).message).toBe('Cross-site request refused');
    });
    it('the same Origin is accepted', async () => {
      const { creds } = await registerUser(t);
      const res = await t
        .client()
        .post('/api/login', { username: creds.username, password: creds.password }, { origin: 'http://localhost' });
      expect(res.status).toBe(200);
    });
  });

  describe('login and logout', () => {
    it('logs in by username or e-mail, counting logins and the time', async () => {
      const { creds } = await registerUser(t);
      const c = t.client();
      const res = await c.post('/api/login', { username: creds.username, password: creds.password });
      expect(res.status).toBe(200);
      const u = await res.json();
      expect(u.username).toBe(creds.username);
      expect(u.totalLogins).toBe(2);
      expect(Date.now() - Date.parse(u.lastLoginAt)).toBeLessThan(60_000);
      const byEmail = await t.client().post('/api/login', { username: creds.email, password: creds.password });
      expect(byEmail.status).toBe(200);
      expect((await byEmail.json()).totalLogins).toBe(3);
    });

    it('gives the same answer for an unknown user and a wrong password', async () => {
      const { creds } = await registerUser(t);
      const wrong = await t.client({ ip: '10.9.9.1' }).post('/api/login', { username: creds.username, password: 'wrongpass' });
      const unknown = await t.client({ ip: '10.9.9.1' }).post('/api/login', { username: 'nobody-here', password: 'wrongpass' });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(await wrong.json()).toEqual({ message: 'Invalid username or password' });
      expect(await unknown.json()).toEqual({ message: 'Invalid username or password' });
    });

    it('validates login input with the spec texts', async () => {
      const a = await t.client().post('/api/login', { username: 'ab', password: 'secret123' });
      expect((await a.json()).message).toBe('Username must be at least 3 characters');
      const b = await t.client().post('/api/login', { username: 'abc', password: '123' });
      expect((await b.json()).message).toBe('Password must be at least 6 characters');
    });

    it('throttles repeated failures on an account from one client with 429, not from another', async () => {
      const { creds } = await registerUser(t);
      const attacker = t.client({ ip: '10.1.0.1' });
      for (let i = 0; i < 10; i++)
        expect((await attacker.post('/api/login', { username: creds.username, password: 'wrongpass' })).status).toBe(401);
      const blocked = await attacker.post('/api/login', { username: creds.username, password: creds.password });
      expect(blocked.status).toBe(429);
      expect((await blocked.json()).message).toMatch(/^Too many login attempts\. Please try again in \d+ minutes?\.$/);
      expect((await t.client({ ip: '10.1.1.1' }).post('/api/login', { username: creds.username, password: creds.password })).status).toBe(
        200,
      );
    });

    it('throttles one client address across accounts', async () => {
      const sprayer = t.client({ ip: '10.2.2.2' });
      for (let i = 0; i < 50; i++) await sprayer.post('/api/login', { username: `ghost${i}`, password: 'wrongpass' });
      const { creds } = await registerUser(t);
      expect((await sprayer.post('/api/login', { username: creds.username, password: creds.password })).status).toBe(429);
      expect((await t.client({ ip: '10.2.2.3' }).post('/api/login', { username: creds.username, password: creds.password })).status).toBe(
        200,
      );
    });

    it('logout ends the session server-side', async () => {
      const { client } = await registerUser(t);
      const cookie = client.cookies.get('pw_session')!;
      expect((await client.post('/api/logout')).status).toBe(200);
      expect((await client.get('/api/user')).status).toBe(401);
      const replay = t.client();
      replay.cookies.set('pw_session', cookie);
      expect((await replay.get('/api/user')).status).toBe(401);
    });

    it('GET /api/user without a session is 401 and other APIs too', async () => {
      const res = await t.client().get('/api/user');
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Not authenticated' });
      expect((await t.client().patch('/api/user', {})).status).toBe(401);
      expect((await t.client().delete('/api/user', { password: 'x' })).status).toBe(401);
      expect((await t.client().get('/api/admin/outbox')).status).toBe(401);
    });

    it('admin endpoints are 403 for ordinary users', async () => {
      const { client } = await registerUser(t);
      const res = await client.get('/api/admin/outbox');
      expect(res.status).toBe(403);
    });
  });

  describe('profile', () => {
    it('updates username and e-mail with the current password', async () => {
      const { client, creds } = await registerUser(t);
      const res = await client.patch('/api/user', {
        username: `${creds.username}x`,
        email: `x${creds.email}`,
        currentPassword: creds.password,
        newPassword: '',
        confirmNewPassword: '',
      });
      expect(res.status).toBe(200);
      const u = await res.json();
      expect(u).toMatchObject({ username: `${creds.username}x`, email: `x${creds.email}` });
      expect(u).not.toHaveProperty('password');
    });

    it('refuses a wrong current password and changes nothing', async () => {
      const { client, creds } = await registerUser(t);
      const res = await client.patch('/api/user', { username: 'changed-name', email: creds.email, currentPassword: 'wrongpass' });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe('Current password is incorrect');
      const [row] = await t.database.db.select().from(users).where(eq(users.email, creds.email));
      expect(row.username).toBe(creds.username);
    });

    it('validates the new password and its confirmation', async () => {
      const { client, creds } = await registerUser(t);
      const short = await client.patch('/api/user', {
        username: creds.username,
        email: creds.email,
        currentPassword: creds.password,
        newPassword: '123',
        confirmNewPassword: '123',
      });
      expect((await short.json()).message).toBe('New password must be at least 6 characters');
      const mismatch = await client.patch('/api/user', {
        username: creds.username,
        email: creds.email,
        currentPassword: creds.password,
        newPassword: 'newpass1',
        confirmNewPassword: 'newpass2',
      });
      expect(mismatch.status).toBe(400);
      expect(await mismatch.json()).toMatchObject({ message: "Passwords don't match", field: 'confirmNewPassword' });
    });

    it('refuses a username taken by someone else', async () => {
      const other = await registerUser(t);
      const { client, creds } = await registerUser(t);
      const res = await client.patch('/api/user', { username: other.creds.username, email: creds.email, currentPassword: creds.password });
      expect(res.status).toBe(409);
      expect((await res.json()).message).toBe('Username already exists');
    });

    it('a password change ends the other sessions but keeps this one', async () => {
      const { client, creds } = await registerUser(t);
      const other = t.client();
      await other.post('/api/login', { username: creds.username, password: creds.password });
      expect((await other.get('/api/user')).status).toBe(200);
      const res = await client.patch('/api/user', {
        username: creds.username,
        email: creds.email,
        currentPassword: creds.password,
        newPassword: 'brandnew1',
        confirmNewPassword: 'brandnew1',
      });
      expect(res.status).toBe(200);
      expect((await client.get('/api/user')).status).toBe(200);
      expect((await other.get('/api/user')).status).toBe(401);
      expect((await t.client().post('/api/login', { username: creds.username, password: 'brandnew1' })).status).toBe(200);
      expect((await t.client().post('/api/login', { username: creds.username, password: creds.password })).status).toBe(401);
    });
  });

  describe('delete account', () => {
    it('needs the password, then removes the user and their sessions', async () => {
      const { client, creds } = await registerUser(t);
      const empty = await client.delete('/api/user', { password: '' });
      expect(empty.status).toBe(400);
      expect((await empty.json()).message).toBe('Password is required to delete your account');
      const wrong = await client.delete('/api/user', { password: 'nope' });
      expect(wrong.status).toBe(400);
      const ok = await client.delete('/api/user', { password: creds.password });
      expect(ok.status).toBe(200);
      expect(await t.database.db.select().from(users).where(eq(users.username, creds.username))).toHaveLength(0);
      expect((await client.get('/api/user')).status).toBe(401);
    });
  });

  describe('forgot password', () => {
    it('answers the same for known and unknown addresses', async () => {
      const { creds } = await registerUser(t);
      const known = await t.client().post('/api/forgot-password', { email: creds.email });
      const unknown = await t.client().post('/api/forgot-password', { email: 'nobody@example.co.za' });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      const a = await known.json();
      const b = await unknown.json();
      expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
      expect(a.message).toBe('If your email is registered, you will receive reset instructions.');
      expect(b.message).toBe(a.message);
      expect(a).not.toHaveProperty('userId');
      expect(a).not.toHaveProperty('username');
    });

    it('requires the e-mailed code, then resets the password once and ends every session', async () => {
      const { client, creds, user } = await registerUser(t);
      const res = await t.client().post('/api/forgot-password', { email: creds.email });
      const { resetToken } = await res.json();
      await t.services.mailer.idle();
      const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, creds.email));
      expect(mail.subject).toBe('Your PayeWise password reset code');
      const code = /code is (\d{6})/.exec(mail.text)![1];

      const wrongCode = code === '000000' ? '111111' : '000000';
      const bad = await t.client().post('/api/forgot-password/verify', { resetToken, code: wrongCode });
      expect(bad.status).toBe(400);
      expect((await bad.json()).message).toBe('Invalid or expired code');

      const noCode = await t
        .client()
        .post('/api/reset-password', { userId: user.id, username: creds.username, email: creds.email, newPassword: 'hacked12' });
      expect(noCode.status).toBe(400);

      const ok = await t.client().post('/api/forgot-password/verify', { resetToken, code });
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({ userId: user.id, username: creds.username, email: creds.email });

      const reset = await t.client().post('/api/reset-password', {
        userId: user.id,
        username: creds.username,
        email: creds.email,
        newPassword: 'freshpass1',
        resetToken,
        code,
      });
      expect(reset.status).toBe(200);
      expect(await reset.json()).toEqual({ message: 'Your password has been reset successfully.' });
      expect((await client.get('/api/user')).status).toBe(401);
      expect((await t.client().post('/api/login', { username: creds.username, password: 'freshpass1' })).status).toBe(200);

      const again = await t.client().post('/api/reset-password', { userId: user.id, newPassword: 'another1', resetToken, code });
      expect(again.status).toBe(400);
    });

    it('locks the code after 5 wrong tries', async () => {
      const { creds, user } = await registerUser(t);
      const { resetToken } = await (await t.client().post('/api/forgot-password', { email: creds.email })).json();
      await t.services.mailer.idle();
      const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, creds.email));
      const code = /code is (\d{6})/.exec(mail.text)![1];
      const wrong = code === '999999' ? '888888' : '999999';
      for (let i = 0; i < 5; i++) await t.client().post('/api/forgot-password/verify', { resetToken, code: wrong });
      const res = await t.client().post('/api/forgot-password/verify', { resetToken, code });
      expect(res.status).toBe(400);
      const [row] = await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
      expect(row.attempts).toBeGreaterThanOrEqual(5);
    });

    it('validates the e-mail', async () => {
      const res = await t.client().post('/api/forgot-password', { email: '' });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe('Please enter your email address');
    });
  });
});
