import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, conversations } from '../../../db/schema';
import type { ChatAnswerDTO, ConversationDTO } from '../../../src/schemas/chat';
import { MAX_CLIENTS, type ClientDTO } from '../../../src/schemas/clients';
import { createTestApp, registerUser, type TestApp, type TestClient } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';

// Client companies (issue 27, item 1): a user's own employers through /api/clients, and a conversation tied to one,
// whose facts every answer uses and names under "Assumed".
const NOW = new Date('2026-11-27T10:00:00+02:00');

describe.each(dbKinds)('client companies on %s', (kind) => {
  let t: TestApp;
  let me: TestClient;
  let other: TestClient;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { clock: () => NOW });
    me = (await registerUser(t)).client;
    other = (await registerUser(t)).client;
  });
  afterAll(() => t?.close());

  const create = async (body: Record<string, unknown>, who = me) => {
    const res = await who.post('/api/clients', body);
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as ClientDTO;
  };
  const ask = async (body: Record<string, unknown>, who = me) => {
    const res = await who.post('/api/chat', body);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as ChatAnswerDTO;
  };

  it('creates with defaults, lists by name, reads, changes and refuses what does not fit, with the field', async () => {
    const bakery = await create({
      name: 'Zola Bakery',
      payFrequency: 'weekly',
      payDay: 'friday',
      payrollUnder500k: true,
      sdlRegistered: false,
    });
    expect(bakery).toMatchObject({
      name: 'Zola Bakery',
      payeRegistered: true,
      uifRegistered: true,
      sdlRegistered: false,
      annualPayroll: null,
      payrollUnder500k: true,
      payFrequency: 'weekly',
      payDay: 'friday',
      sector: null,
      bargainingCouncil: null,
      etiEligible: false,
      specialEconomicZone: false,
    });
    const builders = await create({
      name: 'Acme Builders (Pty) Ltd',
      annualPayroll: 2_400_000,
      payDay: 25,
      bargainingCouncil: 'Building Industry Bargaining Council (Cape of Good Hope)',
    });
    expect(builders).toMatchObject({ payFrequency: 'monthly', payDay: 25, annualPayroll: 2_400_000 });
    const list = (await (await me.get('/api/clients')).json()) as ClientDTO[];
    expect(list.map((c) => c.name)).toEqual(['Acme Builders (Pty) Ltd', 'Zola Bakery']);
    expect(await (await me.get(`/api/clients/${bakery.id}`)).json()).toEqual(bakery);

    const patched = await me.patch(`/api/clients/${builders.id}`, { payDay: 'last', etiEligible: true });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ payDay: 'last', etiEligible: true, name: 'Acme Builders (Pty) Ltd' });

    for (const [body, field, message] of [
      [{ name: '' }, 'name', 'Enter the company’s name'],
      [
        { name: 'X', payFrequency: 'weekly', payDay: 25 },
        'payDay',
        'payDay is a day of the month (or "last") for a monthly payroll, and a weekday for a weekly or fortnightly one',
      ],
      [
        { name: 'X', annualPayroll: 900_000, payrollUnder500k: true },
        'payrollUnder500k',
        'annualPayroll is above R500 000 but payrollUnder500k says it is under: correct one of them',
      ],
      [{ name: 'X', annualPayroll: -1 }, 'annualPayroll', 'annualPayroll cannot be negative'],
      [{ name: 'X', payDay: 32 }, 'payDay', 'payDay must be a day of the month (1–31), "last", or a weekday (monday–sunday)'],
    ] as const) {
      const res = await me.post('/api/clients', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json(), JSON.stringify(body)).toMatchObject({ message, field });
    }
    expect((await me.post('/api/clients', { name: 'X', ownerId: 5 })).status).toBe(400);
    // A change checked against what is stored: a payroll above R500 000 cannot become "under R500 000".
    const clash = await me.patch(`/api/clients/${builders.id}`, { payrollUnder500k: true });
    expect(clash.status).toBe(400);
    expect(await clash.json()).toMatchObject({ field: 'payrollUnder500k' });
    expect((await me.patch(`/api/clients/${builders.id}`, {})).status).toBe(400);
  });

  it('never shows, changes or deletes another user’s client (404), nor lets a conversation tie to it', async () => {
    const mine = await create({ name: 'Private Co' });
    expect((await other.get(`/api/clients/${mine.id}`)).status).toBe(404);
    expect((await other.patch(`/api/clients/${mine.id}`, { name: 'Taken' })).status).toBe(404);
    expect((await other.delete(`/api/clients/${mine.id}`)).status).toBe(404);
    expect(((await (await other.get('/api/clients')).json()) as ClientDTO[]).map((c) => c.name)).not.toContain('Private Co');
    const res = await other.post('/api/chat', { message: 'PAYE on R20 000 a month?', clientId: mine.id });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: 'Client not found' });
    expect((await me.get(`/api/clients/${mine.id}`)).status).toBe(200);
    expect((await me.get('/api/clients/nope')).status).toBe(404);
  });

  it('a conversation tied to a client uses its facts for every answer and says so; deleting the client keeps it, untied', async () => {
    const client = await create({ name: 'Thabo’s Spaza', payFrequency: 'weekly', payDay: 'friday', payrollUnder500k: true });
    const first = await ask({ message: 'PAYE and net pay on R4 000 for a 30 year old', clientId: client.id });
    const call = first.toolCalls.find((c) => c.name === 'payslip')!;
    expect(call.input).toMatchObject({ period: 'weekly', remuneration: 4000, sdlExempt: true });
    expect(first.response).toContain('- Thabo’s Spaza pays weekly, so amounts without a period are weekly pay');
    expect(first.response).toContain('- Thabo’s Spaza pays no SDL: its annual payroll is R500 000 or less');

    // The conversation carries its client, in the list too; a follow-up still uses the client's facts.
    const listed = ((await (await me.get('/api/conversations')).json()) as ConversationDTO[]).find((c) => c.id === first.conversationId)!;
    expect(listed).toMatchObject({ clientId: client.id, clientName: 'Thabo’s Spaza' });
    const next = await ask({ message: 'and the UIF on R5 500?', conversationId: first.conversationId });
    expect(next.toolCalls[0]).toMatchObject({ name: 'uif', input: { period: 'weekly' } });

    // A pay period the question gives is the question's; the client's is not mentioned then.
    const monthly = await ask({ message: 'net pay on R20 000 a month for a 30 year old', conversationId: first.conversationId });
    expect(monthly.toolCalls[0].input).toMatchObject({ period: 'monthly', sdlExempt: true });
    expect(monthly.response).not.toContain('pays weekly');

    // clientId only ties a new conversation.
    const named = await me.post('/api/chat', { message: 'hi', conversationId: first.conversationId, clientId: client.id });
    expect(named.status).toBe(400);
    expect(await named.json()).toMatchObject({ field: 'clientId' });

    expect((await me.delete(`/api/clients/${client.id}`)).status).toBe(200);
    const [row] = await t.database.db.select().from(conversations).where(eq(conversations.id, first.conversationId));
    expect(row).toMatchObject({ clientId: null, title: 'PAYE and net pay on R4 000 for a 30 year old' });
    const after = await ask({ message: 'PAYE and net pay on R4 000 for a 30 year old', conversationId: first.conversationId });
    expect(after.toolCalls.find((c) => c.name === 'payslip')!.input).toMatchObject({ period: 'monthly' });
    expect(after.response).not.toContain('Thabo’s Spaza');
  });

  it(`keeps at most ${MAX_CLIENTS} clients a user, also when requests arrive together`, async () => {
    const u = await registerUser(t);
    const id = u.user.id ?? u.user.user?.id;
    await t.database.db.insert(clients).values(Array.from({ length: MAX_CLIENTS - 2 }, (_, i) => ({ userId: id, name: `Client ${i}` })));
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => u.client.post('/api/clients', { name: `Late ${i}` })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 409, 409, 409]);
    expect((await (await u.client.get('/api/clients')).json()) as ClientDTO[]).toHaveLength(MAX_CLIENTS);
  });

  it('fills a calculator from a client: its pay period, payroll and zone, said above the form; the query still wins', async () => {
    const { client: bookkeeper } = await registerUser(t);
    const mk = async (body: Record<string, unknown>) => create(body, bookkeeper);
    const spaza = await mk({ name: 'Thabo’s Spaza', payFrequency: 'weekly', annualPayroll: 450_000 });
    const works = await mk({ name: 'Karoo Works', sdlRegistered: false, etiEligible: false, specialEconomicZone: true });
    const page = async (url: string, who = bookkeeper) => {
      const res = await who.get(url);
      return {
        status: res.status,
        html: (await res.text())
          .replace(/<!-- -->/g, '')
          .replace(/&#x27;|&#39;/g, "'")
          .replace(/&#x2019;/g, '’'),
      };
    };

    // Every calculator that takes a client offers the user's own clients, and only theirs.
    const fresh = await page('/calculators?tab=uif-sdl');
    expect(fresh.html).toContain('Fill from a client');
    expect(fresh.html).toContain(`<option value="${spaza.id}">Thabo’s Spaza</option>`);
    expect((await page('/calculators?tab=leave')).html).not.toContain('Fill from a client');
    expect((await page('/calculators?tab=uif-sdl', me)).html).not.toContain('Thabo’s Spaza');

    const { status, html } = await page(`/calculators?tab=uif-sdl&client=${spaza.id}&remuneration=3000`);
    expect(status).toBe(200);
    expect(html).toMatch(/<option value="weekly" selected="">Weekly<\/option>/);
    expect(html).toMatch(/name="annualPayroll"[^>]*value="450000"/);
    expect(html).toContain('Filled from <strong>Thabo’s Spaza</strong>: Pay period: weekly; Annual payroll: R450 000.00.');
    // The result is the client's: weekly UIF, no SDL.
    expect(html).toContain('UIF per week');
    expect(html).toContain('Not payable: the employer is exempt');
    // Tabs keep the client; another tab fills what it has.
    expect(html).toContain(`href="/calculators?tab=payslip&amp;client=${spaza.id}"`);
    // What the query gives wins over the client.
    expect((await page(`/calculators?tab=uif-sdl&client=${spaza.id}&period=monthly&remuneration=3000`)).html).toContain('UIF per month');

    const eti = await page(`/calculators?tab=eti&client=${works.id}`);
    expect(eti.html).toMatch(/name="specialEconomicZone"[^>]*>.*<option value="true" selected="">Yes<\/option>/s);
    expect(eti.html).toContain('Karoo Works is not marked as an ETI-eligible employer: check that it qualifies before claiming.');
    const sdl = await page(`/calculators?tab=uif-sdl&client=${works.id}`);
    expect(sdl.html).toContain(
      'Karoo Works is not registered for SDL and has no annual payroll on file, so the SDL here assumes a payroll above R500 000.00.',
    );

    // Another user's client, or an id no client can have, is a 404.
    expect((await page(`/calculators?tab=uif-sdl&client=${spaza.id}`, other)).status).toBe(404);
    expect((await page('/calculators?tab=uif-sdl&client=abc')).status).toBe(404);
  });
});
