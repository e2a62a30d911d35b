import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadlinesBetween } from '../../../src/calendar/index';
import { dayLabel } from '../../../src/payroll/deadlines';
import type { ChatAnswerDTO } from '../../../src/schemas/chat';
import { createTestApp, registerUser, type TestApp, type TestClient } from '../../helpers/app';

// "What's due this month?" (issue 27, item 2): the assistant lists the month's statutory dates from the compliance
// calendar, with the actual dates; a question about one return is still the deadline calculator's.
const NOW = new Date('2026-11-27T10:00:00+02:00');

describe('the compliance calendar in the chat', () => {
  let t: TestApp;
  let me: TestClient;
  beforeAll(async () => {
    t = await createTestApp('pglite', {}, { clock: () => NOW });
    me = (await registerUser(t)).client;
  });
  afterAll(() => t?.close());
  const ask = async (body: Record<string, unknown>) => {
    const res = await me.post('/api/chat', { newConversation: true, ...body });
    expect(res.status).toBe(200);
    return (await res.json()) as ChatAnswerDTO;
  };

  it('this month, next month and a named month: every date of that month, cited', async () => {
    const now = await ask({ message: "what's due this month?" });
    expect(now.response).toContain('**Due in November 2026:**');
    expect(now.response).toContain('- **Friday 6 November 2026**: EMP201 for October 2026.');
    expect(now.response).toContain('UIF declaration for October 2026');
    expect(now.response).toContain('[compliance calendar](/calendar)');
    expect(now.sources.map((s) => s.title).join(' | ')).toMatch(/EMP201/);
    const next = await ask({ message: 'anything due to SARS next month?' });
    expect(next.response).toContain('**Due in December 2026:**');
    expect(next.response).toContain('**Monday 7 December 2026**: EMP201 for November 2026.');
    const january = await ask({ message: 'any payroll deadlines in January?' });
    expect(january.response).toContain('**Thursday 7 January 2027**: EMP201 for December 2026.');
    // Each listed date is the calendar module's.
    for (const d of deadlinesBetween('2027-01-01', '2027-01-31'))
      expect(january.response).toContain(`**${dayLabel(d.date)}**: ${d.title}.`);
  });

  it('one return named is the deadline calculator’s answer', async () => {
    const a = await ask({ message: 'When is the EMP201 for November due?' });
    expect(a.response).toContain('**The EMP201 for November 2026 is due on Monday 7 December 2026.**');
    expect(a.response).not.toContain('Due in');
  });

  it('in a client’s conversation, the month includes the client’s pay day', async () => {
    const client = (await (await me.post('/api/clients', { name: 'Ubuntu Traders', payDay: 25 })).json()) as { id: number };
    const a = await ask({ message: 'what deadlines do I have this month?', clientId: client.id });
    expect(a.response).toContain('**Due in November 2026 for Ubuntu Traders:**');
    const payDay = deadlinesBetween('2026-11-01', '2026-11-30', { payDay: 25 }).find((d) => d.kind === 'pay-day')!;
    expect(a.response).toContain(`**${dayLabel(payDay.date)}**: Ubuntu Traders: pay day (November 2026).`);
  });
});
