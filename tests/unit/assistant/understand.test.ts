import { describe, expect, it } from 'vitest';
import type { Reading } from '../../../src/assistant/reading';
import { memoryFrom, understand } from '../../../src/assistant/understand';
import { EMPTY_MEMORY, remember, type Memory } from '../../../src/assistant/understand/memory';
import { RULES } from '../../../src/assistant/understand/rules';
import { readSlots } from '../../../src/assistant/understand/slots';

// Understanding questions: intent and topic from the trained classifier and the rule table, and what the
// conversation knows after each turn (read with the engine's own memory, as in a chat).
const today = new Date('2026-11-25T10:00:00+02:00');

/** Each turn understood with the memory the turns before left; the readings in order. */
function conversation(...turns: string[]): Reading[] {
  let memory: Memory = EMPTY_MEMORY;
  return turns.map((q) => {
    const r = understand(q, memory, { today }).reading;
    memory = { facts: r.facts, topics: r.topics, lastIntent: r.intent, lastTopic: r.topic };
    return r;
  });
}
const one = (q: string) => conversation(q)[0];

describe('intent and topic', () => {
  it.each([
    ['What PAYE do I deduct on R20 000 a month for a 33-year-old?', 'calculate', 'paye'],
    ["What's her take-home on R22 000?", 'calculate', 'payslip'],
    ['employer and employee UIF on R40 000', 'calculate', 'uif'],
    ['skills levy on R50 000', 'calculate', 'sdl'],
    ['ETI for a 22 year old earning R5 000', 'calculate', 'eti'],
    ['overtime at R25 an hour for 4 hours', 'calculate', 'overtime'],
    ['notice period after 2 years', 'calculate', 'notice'],
    ['is R25 an hour below the minimum wage?', 'calculate', 'minimum-wage'],
    ['tax threshold for a 70 year old', 'calculate', 'tax-threshold'],
    ['How is PAYE calculated?', 'knowledge', null],
    ['Do I have to register my domestic worker for UIF?', 'knowledge', null],
    ['How is a travel allowance taxed?', 'knowledge', null],
    ['When is the EMP201 for November 2026 due?', 'knowledge', null],
    ['hi', 'greeting', null],
    ['Thanks so much!', 'greeting', null],
    ['What is the capital of France?', 'off-topic', null],
  ])('%s → %s %s', (q, intent, topic) => {
    expect(one(q)).toMatchObject({ intent, topic });
  });

  it('stores what decided and how sure it was', () => {
    const r = one('PAYE on R20 000 a month for a 33-year-old');
    expect(r.decidedBy).toBe('model');
    expect(r.confidence).toBeGreaterThan(0.9);
    expect(one('thanks!').decidedBy).toMatch(/^rule:greeting-words$|^model$/);
  });
});

describe('the rule table', () => {
  it('names every rule with its reason', () => {
    for (const rule of RULES) {
      expect(rule.name).toMatch(/^[a-z-]+$/);
      expect(rule.reason.length).toBeGreaterThan(30);
    }
    expect(new Set(RULES.map((r) => r.name)).size).toBe(RULES.length);
  });

  it('sends a follow-up that changes a fact the last calculation does not take to the calculation that takes it', () => {
    const [, leave, baker] = conversation(
      'PAYE on R6 500 a month for my baker, he is 24',
      'how much annual leave does he get on a 6 day week?',
      'and what if the baker were 66 instead of 24?',
    );
    expect(leave.topic).toBe('leave');
    expect(baker).toMatchObject({ intent: 'follow-up', topic: 'paye', slots: { age: 66 } });
    expect(baker.facts.amounts).toEqual([{ role: 'salary', value: 6500, period: 'monthly' }]);
  });

  it('keeps a follow-up on the calculation before unless it names another', () => {
    const [, age, uif] = conversation('PAYE on R15 000 a month for a 28 year old?', 'And if she is 66?', 'and the UIF on that?');
    expect(age).toMatchObject({ intent: 'follow-up', topic: 'paye', slots: { age: 66 } });
    expect(uif).toMatchObject({ topic: 'uif' });
  });

  it('reads PAYE and UIF asked together as a payslip', () => {
    expect(one('What PAYE and UIF must I deduct from R20 000 a month for a 30 year old?')).toMatchObject({
      topic: 'payslip',
      decidedBy: 'rule:several-deductions-are-a-payslip',
    });
  });

  it('declines what has no payroll in it, and does not decline what has', () => {
    expect(one('Can you help me write a CV?').intent).toBe('off-topic');
    expect(one('what time does the rugby start?').intent).toBe('off-topic');
    expect(one('how long must I keep payroll records?').intent).not.toBe('off-topic');
  });

  it('declines a later message with nothing of payroll in it, whatever the model makes of the conversation, unless it leans on the turn before', () => {
    const rule = RULES.find((r) => r.name === 'no-payroll-is-off-topic')!;
    const memory: Memory = {
      facts: { amounts: [{ role: 'salary', value: 25000, period: 'monthly' }], age: 41 },
      topics: ['paye'],
      lastIntent: 'calculate',
      lastTopic: 'paye',
    };
    const apply = (q: string) =>
      rule.apply(
        { intent: 'follow-up', topic: 'paye', decidedBy: 'model' },
        {
          reading: readSlots(q, today),
          memory,
          intent: { label: 'follow-up', p: 0.5, all: [] },
          topic: { label: 'paye', p: 0.5, all: [] },
          article: false,
        },
      );
    expect(apply('whats the capital of france')).toEqual({ intent: 'off-topic', topic: null });
    expect(apply('who won the currie cup final?')).toEqual({ intent: 'off-topic', topic: null });
    for (const leaning of [
      'and for her?',
      'since when?',
      'and 67?',
      'what about per week',
      "what's his take home then?",
      'when are the payments due?',
    ])
      expect(apply(leaning), leaning).toBeNull();
  });
});

describe('what a conversation remembers', () => {
  it('changes one input of the right calculation with follow-ups in words', () => {
    const [, salary, birthday, employer, overtime] = conversation(
      'PAYE on R25 000 a month for a 40 year old with medical aid for 3',
      "she's on R27 500 instead",
      'he turns 65 in December 2026',
      "and the employer's side?",
      'R40 an hour, and 7 hours overtime?',
    );
    expect(salary.facts).toMatchObject({ amounts: [{ role: 'salary', value: 27500, period: 'monthly' }], age: 40, medicalMembers: 3 });
    expect(birthday.facts).toMatchObject({ age: 65, medicalMembers: 3, amounts: [{ value: 27500 }] });
    expect(employer.topic).toBe('payslip');
    expect(overtime).toMatchObject({ topic: 'overtime', slots: { hours: 7 } });
  });

  it('keeps overtime hours with the hourly rate given a turn before', () => {
    const [, second] = conversation('Is R28 an hour above the minimum wage?', 'and 7 hours overtime?');
    expect(second).toMatchObject({ topic: 'overtime' });
    expect(second.facts).toMatchObject({ hours: 7, amounts: [{ role: 'hourlyRate', value: 28 }] });
  });

  it('keeps the person across topic switches, and a new pay replaces the old one', () => {
    const [, , uif, paye] = conversation(
      'PAYE on R30 000 a month for a 67 year old with medical aid for 2',
      'When is the EMP201 due?',
      'UIF on R18 000 a month?',
      'and her PAYE?',
    );
    expect(uif.facts).toMatchObject({ age: 67, medicalMembers: 2, amounts: [{ role: 'salary', value: 18000 }] });
    expect(paye).toMatchObject({ topic: 'paye' });
    expect(paye.facts).toMatchObject({ age: 67, medicalMembers: 2 });
  });

  it('forgets facts about one occasion when a new question starts, not in a follow-up', () => {
    const known = { hours: 4, sunday: true as const, age: 30 };
    expect(remember(known, {}, 'calculate')).toEqual({ age: 30 });
    expect(remember(known, { age: 31 }, 'follow-up')).toEqual({ hours: 4, sunday: true, age: 31 });
    expect(remember({ age: 70 }, { ageBand: 'under65' }, 'follow-up')).toEqual({ ageBand: 'under65' });
  });

  it('starts from the reading stored with the last answer, and reads old conversations once', () => {
    const first = one('PAYE on R20 000 a month for a 33-year-old');
    const stored = memoryFrom(
      [
        { role: 'user', content: 'x' },
        { role: 'assistant', content: 'y', reading: first },
      ],
      today,
    );
    expect(stored).toEqual({ facts: first.facts, topics: ['paye'], lastIntent: 'calculate', lastTopic: 'paye' });
    const legacy = memoryFrom(
      [
        { role: 'user', content: 'PAYE on R20 000 a month for a 33-year-old' },
        { role: 'assistant', content: 'R2 115.00' },
      ],
      today,
    );
    expect(legacy.facts).toEqual(first.facts);
  });
});
