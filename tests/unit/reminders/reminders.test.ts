import { describe, expect, it } from 'vitest';
import { deadlinesBetween } from '../../../src/calendar/deadlines';
import { isReminderDue, lookAheadDays, reminderDate, reminderSubject, reminderText } from '../../../src/reminders/rules';
import { isBusinessDay } from '../../../src/payroll/deadlines';

describe('reminderDate: N business days before the due date', () => {
  it.each([
    // EMP201 for November 2026: due Monday 7 December; 3 business days before is Wednesday 2 December.
    ['2026-12-07', 3, '2026-12-02'],
    ['2026-12-07', 1, '2026-12-04'],
    ['2026-12-07', 0, '2026-12-07'],
    // Over the Day of Reconciliation (Wednesday 16 December 2026): 17, 15, 14.
    ['2026-12-18', 3, '2026-12-14'],
    // Over Christmas and the Day of Goodwill (25 and 26 December) and the weekend.
    ['2027-01-07', 5, '2026-12-30'],
    ['2026-11-25', 10, '2026-11-11'],
  ])('%s, %i business days before → %s', (due, n, day) => {
    expect(reminderDate(due, n)).toBe(day);
    if (n > 0) expect(isBusinessDay(reminderDate(due, n))).toBe(true);
  });

  it('is due from its day to the due date, not before nor after', () => {
    expect(isReminderDue('2026-12-07', 3, '2026-12-01')).toBe(false);
    expect(isReminderDue('2026-12-07', 3, '2026-12-02')).toBe(true);
    expect(isReminderDue('2026-12-07', 3, '2026-12-05')).toBe(true);
    expect(isReminderDue('2026-12-07', 3, '2026-12-07')).toBe(true);
    expect(isReminderDue('2026-12-07', 3, '2026-12-08')).toBe(false);
  });

  it('the job looks far enough ahead for every setting, over the holidays', () => {
    for (let n = 1; n <= 10; n++) {
      for (const d of deadlinesBetween('2026-03-01', '2027-02-28', { payDay: 25 })) {
        const gap = (Date.parse(d.date) - Date.parse(reminderDate(d.date, n))) / 86_400_000;
        expect(gap).toBeLessThanOrEqual(lookAheadDays(n));
      }
    }
  });
});

describe('the reminder e-mail', () => {
  const emp201 = deadlinesBetween('2026-12-01', '2026-12-31').find((d) => d.kind === 'emp201' && d.covers === '2026-11')!;
  it('names the day, the return and the client', () => {
    expect(reminderSubject(emp201)).toBe('Due Monday 7 December 2026: EMP201 for November 2026');
    expect(reminderSubject(emp201, { id: 4, name: 'Acme (Pty) Ltd' })).toBe(
      'Due Monday 7 December 2026: EMP201 for November 2026 — Acme (Pty) Ltd',
    );
  });
  it('says what is due, when, with the article and the unsubscribe link', () => {
    const text = reminderText(emp201, {
      today: '2026-12-02',
      baseUrl: 'https://payewise.example',
      unsubscribeUrl: 'https://payewise.example/reminders/unsubscribe/abc',
    });
    expect(text).toContain('EMP201 for November 2026 is due on Monday 7 December 2026.');
    expect(text).toContain(emp201.due);
    expect(text).toContain('https://payewise.example/knowledge/article/ad1355fa-6b8e-4aee-9b1c-0d63fe5c59e1');
    expect(text).toContain('https://payewise.example/reminders/unsubscribe/abc');
    if (emp201.caveat) expect(text).toContain(emp201.caveat);
  });
});
