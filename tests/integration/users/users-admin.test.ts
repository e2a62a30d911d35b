import { desc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, conversations, knowledgeItems, knowledgeSearchMisses, messageFeedback, messages, users } from '../../../db/schema';
import { DONT_KNOW_ANSWER } from '../../../src/assistant/builtin';
import { USERS_TEXTS } from '../../../src/schemas/users';
import { makeAdmin, registerUser, type TestClient, useTestApp } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';

const DAY = 86_400_000;

describe.each(dbKinds)('user management API on %s', (kind) => {
  let now = new Date('2026-11-24T08:00:00.000Z');
  let admin: TestClient;
  let adminId: number;
  let user: TestClient;
  let userId: number;
  const ids: Record<string, number> = {};

  const set = (id: number, values: Partial<typeof users.$inferInsert>) => t.database.db.update(users).set(values).where(eq(users.id, id));
  const row = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
  const auditFor = (id: number) =>
    t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.target, `user:${id}`))
      .orderBy(desc(adminAuditLog.id));

  const t = useTestApp(kind, {}, { clock: () => now });
  beforeAll(async () => {
    const a = await registerUser(t, { username: 'zed_admin', email: 'zed@admins.test' });
    await makeAdmin(t, a.user.id);
    admin = a.client;
    adminId = a.user.id;
    const u = await registerUser(t, { username: 'plain_user', email: 'plain@users.test' });
    user = u.client;
    userId = u.user.id;
    // A list with empty values to sort: no e-mail, never signed in, different counts.
    for (const [name, email] of [
      ['Alice', 'alice@Example.com'],
      ['bob', 'bob@example.org'],
      ['carol', 'carol@odd.test'],
      ['dave', 'dave@example.net'],
    ] as const) {
      ids[name] = (await registerUser(t, { username: name, email })).user.id;
    }
    await set(ids.Alice, { totalChatMessages: 12, totalLogins: 5, lastLoginAt: '2026-11-20T08:00:00.000Z' });
    await set(ids.bob, { totalChatMessages: 3, totalLogins: 0, lastLoginAt: null, email: null, subscriptionStatus: 'active' });
    await set(ids.carol, {
      totalChatMessages: 40,
      totalLogins: 2,
      lastLoginAt: '2026-10-01T08:00:00.000Z',
      subscriptionStatus: 'canceled',
      email: 'carol%_@odd.test',
    });
    await set(ids.dave, { totalChatMessages: 0, totalLogins: 9, lastLoginAt: null, email: '' });
  });

  const names = async (url: string) => {
    const res = await admin.get(url);
    expect(res.status).toBe(200);
    return ((await res.json()) as { username: string }[]).map((u) => u.username);
  };

  it('answers 401 to anonymous callers and 403 to users, on the server', async () => {
    const anon = t.client();
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/users/admin'],
      ['GET', '/api/users/admin/summary'],
      ['PATCH', `/api/users/admin/${userId}/toggle-admin`, { makeAdmin: true }],
      ['PATCH', `/api/users/admin/${userId}/extend-trial`, { days: 7 }],
    ];
    for (const [method, url, body] of calls) {
      expect((await anon.request(method, url, body)).status, `${method} ${url}`).toBe(401);
      expect((await user.request(method, url, body)).status, `${method} ${url}`).toBe(403);
    }
    expect((await row(userId)).isAdmin).toBe(false);
  });

  it('lists users without secrets, with messageCount and the total in X-Total-Count', async () => {
    const res = await admin.get('/api/users/admin');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('6');
    const list = (await res.json()) as Record<string, unknown>[];
    expect(list).toHaveLength(6);
    for (const u of list) {
      expect(u).not.toHaveProperty('password');
      expect(u).not.toHaveProperty('payfastToken');
      expect(u).not.toHaveProperty('usernameKey');
    }
    expect(list.find((u) => u.username === 'carol')).toMatchObject({
      messageCount: 40,
      totalLogins: 2,
      subscriptionStatus: 'canceled',
      email: 'carol%_@odd.test',
    });
    expect(list.find((u) => u.username === 'bob')).toMatchObject({ email: null, lastLoginAt: null });
  });

  it('filters by a case-insensitive substring of username or e-mail, with % and _ taken literally', async () => {
    expect(await names('/api/users/admin?q=EXAMPLE')).toEqual(['Alice']);
    expect(await names('/api/users/admin?q=ADMINS.test')).toEqual(['zed_admin']);
    expect(await names('/api/users/admin?q=alice')).toEqual(['Alice']);
    expect(await names('/api/users/admin?q=%25_')).toEqual(['carol']);
    expect(await names('/api/users/admin?q=%20%20zed%20')).toEqual(['zed_admin']);
    expect(await names('/api/users/admin?q=nobody-here')).toEqual([]);
  });

  it('sorts each column both ways with empty values last, and pages', async () => {
    expect(await names('/api/users/admin?sort=username&dir=asc')).toEqual(['Alice', 'bob', 'carol', 'dave', 'plain_user', 'zed_admin']);
    expect(await names('/api/users/admin?sort=messageCount&dir=desc')).toEqual([
      'carol',
      'Alice',
      'bob',
      'zed_admin',
      'plain_user',
      'dave',
    ]);
    expect(await names('/api/users/admin?sort=messageCount&dir=asc')).toEqual(['zed_admin', 'plain_user', 'dave', 'bob', 'Alice', 'carol']);
    const emailAsc = await names('/api/users/admin?sort=email&dir=asc');
    const emailDesc = await names('/api/users/admin?sort=email&dir=desc');
    expect(emailAsc).toEqual(['Alice', 'carol', 'plain_user', 'zed_admin', 'bob', 'dave']);
    expect(emailDesc).toEqual(['zed_admin', 'plain_user', 'carol', 'Alice', 'bob', 'dave']);
    const loginAsc = await names('/api/users/admin?sort=lastLoginAt&dir=asc');
    const loginDesc = await names('/api/users/admin?sort=lastLoginAt&dir=desc');
    expect(loginAsc).toEqual(['carol', 'Alice', 'zed_admin', 'plain_user', 'bob', 'dave']);
    expect(loginDesc).toEqual(['zed_admin', 'plain_user', 'Alice', 'carol', 'bob', 'dave']);
    expect(await names('/api/users/admin?sort=totalLogins&dir=desc')).toEqual(['dave', 'Alice', 'carol', 'zed_admin', 'plain_user', 'bob']);

    const page = await admin.get('/api/users/admin?sort=username&dir=asc&page=2&pageSize=4');
    expect(page.headers.get('x-total-count')).toBe('6');
    expect(((await page.json()) as { username: string }[]).map((u) => u.username)).toEqual(['plain_user', 'zed_admin']);
    const past = await admin.get('/api/users/admin?page=9&pageSize=4');
    expect(await past.json()).toEqual([]);
    expect(past.headers.get('x-total-count')).toBe('6');
  });

  it('answers a clear 400 to bad list parameters', async () => {
    for (const q of ['sort=password', 'dir=up', 'page=0', 'page=1.5', 'pageSize=201', 'pageSize=abc']) {
      const res = await admin.get(`/api/users/admin?${q}`);
      expect(res.status, q).toBe(400);
      expect(((await res.json()) as { message: string }).message, q).toMatch(/sort|dir|page/);
    }
  });

  it('counts the summary in one answer', async () => {
    const res = await admin.get('/api/users/admin/summary');
    expect(await res.json()).toEqual({ totalUsers: 6, activeSubscriptions: 1, trialUsers: 4 });
  });

  it('grants and removes admin, audited with before and after; an admin loses access at once', async () => {
    const grant = await admin.patch(`/api/users/admin/${userId}/toggle-admin`, { makeAdmin: true });
    expect(grant.status).toBe(200);
    const body = (await grant.json()) as { message: string; user: Record<string, unknown> };
    expect(body.message).toBe('User plain_user is now an admin');
    expect(body.user).toMatchObject({ id: userId, isAdmin: true });
    expect(body.user).not.toHaveProperty('password');
    expect((await user.get('/api/users/admin')).status).toBe(200);

    const revoke = await admin.patch(`/api/users/admin/${userId}/toggle-admin`, { makeAdmin: false });
    expect(((await revoke.json()) as { message: string }).message).toBe('User plain_user is no longer an admin');
    expect((await row(userId)).isAdmin).toBe(false);
    expect((await user.get('/api/users/admin')).status).toBe(403);

    const audit = await auditFor(userId);
    expect(audit.map((a) => a.action)).toEqual(['user.admin.revoke', 'user.admin.grant']);
    expect(audit[1]).toMatchObject({ actorId: adminId, details: { before: { isAdmin: false }, after: { isAdmin: true } } });
    expect(audit[0].at.toISOString()).toBe(now.toISOString());

    // Asking for what already is changes nothing and writes nothing.
    const again = await admin.patch(`/api/users/admin/${userId}/toggle-admin`, { makeAdmin: false });
    expect(again.status).toBe(200);
    expect(await auditFor(userId)).toHaveLength(2);
  });

  it('refuses an admin changing their own status', async () => {
    const res = await admin.patch(`/api/users/admin/${adminId}/toggle-admin`, { makeAdmin: false });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: USERS_TEXTS.ownStatus });
    expect((await row(adminId)).isAdmin).toBe(true);
  });

  it('never removes the last admin, even when two admins demote each other at once', async () => {
    const other = await registerUser(t, { username: 'second_admin', email: 'second@admins.test' });
    await makeAdmin(t, other.user.id);
    const [a, b] = await Promise.all([
      admin.patch(`/api/users/admin/${other.user.id}/toggle-admin`, { makeAdmin: false }),
      other.client.patch(`/api/users/admin/${adminId}/toggle-admin`, { makeAdmin: false }),
    ]);
    // Whichever lands second is refused: by the guard (its sender is no longer an admin) or, when both passed
    // the guard together, by the lock on the admin rows.
    const statuses = [a.status, b.status].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    let admins = await t.database.db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true));
    expect(admins).toHaveLength(1);
    // The lock's own answer, for a demotion that passed the guard just before the other one committed.
    const [last] = admins;
    const formerAdmin = last.id === adminId ? other.user.id : adminId;
    await expect(t.services.users.toggleAdmin({ id: formerAdmin }, last.id, false)).rejects.toMatchObject({
      status: 409,
      message: USERS_TEXTS.lastAdmin,
    });
    admins = await t.database.db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true));
    expect(admins).toEqual([last]);
    // Put things back for the tests after this one.
    await makeAdmin(t, adminId);
    await t.database.db.update(users).set({ isAdmin: false }).where(eq(users.id, other.user.id));
  });

  it('answers 404 for an unknown user and 400 for a bad id or body', async () => {
    const unknown = await admin.patch('/api/users/admin/999999/toggle-admin', { makeAdmin: true });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'User not found' });
    expect((await admin.patch('/api/users/admin/999999/extend-trial', { days: 7 })).status).toBe(404);
    expect((await admin.patch('/api/users/admin/abc/toggle-admin', { makeAdmin: true })).status).toBe(400);
    for (const body of [{}, { makeAdmin: 'yes' }, { makeAdmin: 1 }]) {
      const res = await admin.patch(`/api/users/admin/${userId}/toggle-admin`, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/makeAdmin/);
    }
  });

  it('extends a running trial from its end, and an expired one from now, audited', async () => {
    const before = (await row(ids.Alice)).trialEndDate!;
    expect(Date.parse(before)).toBeGreaterThan(now.getTime());
    const res = await admin.patch(`/api/users/admin/${ids.Alice}/extend-trial`, { days: 10 });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { message: string; user: { trialEndDate: string } };
    const expected = new Date(Date.parse(before) + 10 * DAY).toISOString();
    expect(body.user.trialEndDate).toBe(expected);
    expect(body.message).toMatch(/^Trial extended for user Alice by 10 days, to \d{4}\/\d{2}\/\d{2}$/);
    expect((await row(ids.Alice)).trialEndDate).toBe(expected);
    const [audit] = await auditFor(ids.Alice);
    expect(audit).toMatchObject({
      action: 'user.trial.extend',
      actorId: adminId,
      details: { days: 10, before: { trialEndDate: before }, after: { trialEndDate: expected } },
    });

    await set(ids.dave, { trialEndDate: '2026-11-01T00:00:00.000Z' });
    const expired = await admin.patch(`/api/users/admin/${ids.dave}/extend-trial`, { days: 1 });
    expect(((await expired.json()) as { user: { trialEndDate: string } }).user.trialEndDate).toBe(
      new Date(now.getTime() + DAY).toISOString(),
    );
  });

  it('refuses to extend a user who is not trialing, and bad day counts', async () => {
    const res = await admin.patch(`/api/users/admin/${ids.bob}/extend-trial`, { days: 7 });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      'User bob is not on a trial (subscription: Active), so there is no trial to extend',
    );
    const before = (await row(ids.Alice)).trialEndDate;
    for (const days of [0, -3, 366, 1.5, '7', null]) {
      const bad = await admin.patch(`/api/users/admin/${ids.Alice}/extend-trial`, { days });
      expect(bad.status, String(days)).toBe(400);
      expect(((await bad.json()) as { message: string }).message).toBe('Days must be a whole number from 1 to 365');
    }
    expect((await row(ids.Alice)).trialEndDate).toBe(before);
    expect((await auditFor(ids.bob)).length).toBe(0);
  });

  it('serves /user-management to admins only: anonymous to /auth, users silently home', async () => {
    const anon = await t.client().get('/user-management');
    expect(anon.status).toBe(302);
    expect(anon.headers.get('location')).toBe('/auth');
    const denied = await user.get('/user-management');
    expect(denied.status).toBe(302);
    expect(denied.headers.get('location')).toBe('/');
    const page = await admin.get('/user-management');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-island="UserManagement"');
    expect(html).toContain('Search users...');
    expect(html).toContain('Total Users');
    expect(html).toContain('No email');
  });

  it('shows the insights to admins: empty searches, reads, and nothing personal but the user id', async () => {
    now = new Date(now.getTime() + 60_000);
    // One person repeating a search or a read counts once (the red team filled both lists by repetition); a second person counts.
    for (let i = 0; i < 15; i++) expect((await user.get('/api/knowledge/search?q=zzqx%20flurb')).status).toBe(200);
    expect((await user.get('/knowledge?q=ZZQX%20%20flurb')).status).toBe(200);
    expect((await user.get('/api/knowledge/search?q=uif')).status).toBe(200);
    const misses = await t.database.db
      .select()
      .from(knowledgeSearchMisses)
      .where(inArray(knowledgeSearchMisses.userId, [userId]));
    expect(misses.map((m) => m.query)).toEqual(['zzqx flurb']);
    expect(Object.keys(misses[0]).sort()).toEqual(['at', 'id', 'query', 'userId']);
    expect((await admin.get('/api/knowledge/search?q=zzqx+flurb')).status).toBe(200);

    const [item] = await t.database.db.select({ id: knowledgeItems.id, title: knowledgeItems.title }).from(knowledgeItems).limit(1);
    for (let i = 0; i < 15; i++) await user.get(`/api/knowledge/item/${item.id}`);
    await user.get(`/knowledge/article/${item.id}`);
    await admin.get(`/knowledge/article/${item.id}`);

    // Answers with their stored readings: one the engine did not know (asked twice), one it read with low
    // confidence, one understood and calculated, and one from before the 30 days; one rated down.
    const db = t.database.db;
    await db.insert(conversations).values({ id: 'c-insights', userId, title: 'Insights' });
    const at = (m: number) => new Date(now.getTime() - m * 60_000).toISOString();
    const reading = (intent: string, topic: string | null, confidence: number, outcome: string, slots: Record<string, unknown> = {}) => ({
      intent,
      topic,
      slots,
      facts: slots,
      topics: [],
      decidedBy: 'model',
      confidence,
      outcome,
    });
    const divers = reading('knowledge', null, 0.98, 'dont-know');
    await db.insert(messages).values([
      { id: 'q1', userId, conversationId: 'c-insights', role: 'user', content: 'How do I pay a crew of divers?', timestamp: at(10) },
      {
        id: 'a1',
        userId,
        conversationId: 'c-insights',
        role: 'assistant',
        content: DONT_KNOW_ANSWER,
        timestamp: at(10),
        replyTo: 'q1',
        engine: 'builtin',
        reading: divers,
        outcome: 'dont-know',
        confidence: 0.98,
      },
      { id: 'q2', userId, conversationId: 'c-insights', role: 'user', content: 'how do I pay a crew of divers? ', timestamp: at(5) },
      {
        id: 'a2',
        userId,
        conversationId: 'c-insights',
        role: 'assistant',
        content: DONT_KNOW_ANSWER,
        timestamp: at(5),
        replyTo: 'q2',
        engine: 'builtin',
        reading: divers,
        outcome: 'dont-know',
        confidence: 0.98,
      },
      { id: 'q4', userId, conversationId: 'c-insights', role: 'user', content: 'zorb 45 R300 levy thing', timestamp: at(3) },
      {
        id: 'a4',
        userId,
        conversationId: 'c-insights',
        role: 'assistant',
        content: 'I read…',
        timestamp: at(3),
        replyTo: 'q4',
        engine: 'builtin',
        reading: reading('calculate', 'sdl', 0.41, 'asked', { amounts: [{ role: 'salary', value: 300 }] }),
        outcome: 'asked',
        confidence: 0.41,
      },
      { id: 'q5', userId, conversationId: 'c-insights', role: 'user', content: 'PAYE on R20 000?', timestamp: at(2) },
      {
        id: 'a5',
        userId,
        conversationId: 'c-insights',
        role: 'assistant',
        content: '**PAYE: R2 115.00 per month**',
        timestamp: at(2),
        replyTo: 'q5',
        engine: 'builtin',
        reading: reading('calculate', 'paye', 0.99, 'calculated'),
        outcome: 'calculated',
        confidence: 0.99,
      },
      { id: 'q3', userId, conversationId: 'c-insights', role: 'user', content: 'UIF ceiling?', timestamp: at(40 * 24 * 60) },
      {
        id: 'a3',
        userId,
        conversationId: 'c-insights',
        role: 'assistant',
        content: DONT_KNOW_ANSWER,
        timestamp: at(40 * 24 * 60),
        replyTo: 'q3',
        engine: 'builtin',
        outcome: 'dont-know',
      },
    ]);
    await db.insert(messageFeedback).values({
      messageId: 'a2',
      userId,
      rating: 'down',
      comment: 'Not helpful at all',
      question: 'how do I pay a crew of divers?',
      answer: DONT_KNOW_ANSWER,
      engine: 'builtin',
      sources: [{ id: item.id, title: item.title }],
      createdAt: now,
      updatedAt: now,
    });
    const report = await t.services.insights.report();
    expect(report.unanswered.total).toEqual({ last7: 3, last30: 3 });
    expect(report.unanswered.rows).toEqual([
      {
        question: expect.stringMatching(/crew of divers/i),
        last7: 2,
        last30: 2,
        lastAsked: at(5),
        outcome: 'dont-know',
        reading: { intent: 'knowledge', topic: null, decidedBy: 'model', confidence: 0.98, slots: {} },
      },
      {
        question: 'zorb 45 R300 levy thing',
        last7: 1,
        last30: 1,
        lastAsked: at(3),
        outcome: 'asked',
        reading: {
          intent: 'calculate',
          topic: 'sdl',
          decidedBy: 'model',
          confidence: 0.41,
          slots: { amounts: [{ role: 'salary', value: 300 }] },
        },
      },
    ]);
    expect(report.downRated.rows).toMatchObject([{ messageId: 'a2', comment: 'Not helpful at all', engine: 'builtin' }]);
    expect(report.mostRead.rows[0]).toEqual({ id: item.id, title: item.title, last7: 2, last30: 2 });
    expect(report.searchMisses.rows).toEqual([{ query: 'zzqx flurb', last7: 2, last30: 2, lastSeen: now.toISOString() }]);

    expect((await user.get('/admin/insights')).status).toBe(403);
    const page = await admin.get('/admin/insights');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Searches that found nothing');
    expect(html).toContain('zzqx flurb');
    expect(html).toContain('/knowledge-admin?draft=zzqx%20flurb');
    expect(html).toContain(`/knowledge-admin?edit=${item.id}`);
    expect(html).toContain('Not helpful at all');
    // The rated-down answer reads as text: link texts kept, no markdown marks or targets.
    expect(html).toContain('Try the knowledge base search for the rule');
    expect(html).not.toContain('](/knowledge)');
    expect(html).toContain('/knowledge-admin?draft=How%20do%20I%20pay%20a%20crew%20of%20divers%3F');
    expect(html).toMatch(/Last 7 days: <strong[^>]*>2<\/strong>/);
    // What the assistant understood of each question it did not understand.
    expect(html).toContain('Questions the assistant did not understand');
    expect(html).toContain('zorb 45 R300 levy thing');
    expect(html).toMatch(/calculate<\/strong> · sdl · 41% · model/);
    expect(html).toContain('amounts: salary R300');
    // A misread calculation is for the corpus; only questions without a calculation are offered as articles to write.
    expect(html).not.toContain('/knowledge-admin?draft=zorb');
    expect(html).toContain('Asked back');
    expect(html).not.toContain('PAYE on R20 000?');
  });
});
