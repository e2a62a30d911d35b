import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, passwordResets } from '../../../db/schema';
import { registerUser, useTestApp } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';

// Issue 24 (LOW): guesses sent at once took a reset code past its 5 tries (7 seen), because the count was read,
// compared and written back in separate statements.
describe.each(dbKinds)('reset-code tries on %s', (kind) => {
  const t = useTestApp(kind);

  async function startReset() {
    const { creds, user } = await registerUser(t);
    const { resetToken } = await (await t.client().post('/api/forgot-password', { email: creds.email })).json();
    await t.services.mailer.idle();
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, creds.email));
    const code = /code is (\d{6})/.exec(mail.text)![1];
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    return { creds, user, resetToken: resetToken as string, code, wrong };
  }

  it('20 wrong guesses at once count as at most 5 tries, and then even the right code is refused', async () => {
    const { user, resetToken, code, wrong } = await startReset();
    // Each guess from its own address, so the per-client limits are not what stops them.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.client().post('/api/forgot-password/verify', { resetToken, code: wrong(i) })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(400));
    const [row] = await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(row.attempts).toBeLessThanOrEqual(5);
    const right = await t.client().post('/api/forgot-password/verify', { resetToken, code });
    expect(right.status).toBe(400);
    expect((await right.json()).message).toBe('Invalid or expired code');
    const reset = await t.client().post('/api/reset-password', { userId: user.id, resetToken, code, newPassword: 'taken-over1' });
    expect(reset.status).toBe(400);
  });

  it('wrong guesses at once on reset-password are bounded the same way', async () => {
    const { user, resetToken, code, wrong } = await startReset();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.client().post('/api/reset-password', { userId: user.id, resetToken, code: wrong(i), newPassword: 'taken-over1' }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(400));
    const [row] = await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(row.attempts).toBeLessThanOrEqual(5);
    expect((await t.client().post('/api/forgot-password/verify', { resetToken, code })).status).toBe(400);
  });

  it('the right code still works after 4 wrong tries, for both steps: a right code uses no try', async () => {
    const { creds, user, resetToken, code, wrong } = await startReset();
    for (let i = 0; i < 4; i++)
      expect((await t.client().post('/api/forgot-password/verify', { resetToken, code: wrong(i) })).status).toBe(400);
    const verified = await t.client().post('/api/forgot-password/verify', { resetToken, code });
    expect(verified.status).toBe(200);
    const reset = await t.client().post('/api/reset-password', { userId: user.id, resetToken, code, newPassword: 'freshpass1' });
    expect(reset.status).toBe(200);
    expect((await t.client().post('/api/login', { username: creds.username, password: 'freshpass1' })).status).toBe(200);
  });
});
