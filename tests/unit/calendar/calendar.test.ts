import fs from 'node:fs';
import matter from 'gray-matter';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { ARTICLE_IDS, ARTICLE_SLUGS, DEADLINE_KINDS, calendarFor, deadlinesBetween, eventUid, toIcs } from '../../../src/calendar/index';
import { weekdayOf } from '../../../src/payroll/deadlines';

// Dates from the facts sheet §7 and §29 (2027 tax year: 1 March 2026 – 28 February 2027).
const TAX_YEAR = deadlinesBetween('2026-03-01', '2027-02-28');
const of = (kind: string, list = TAX_YEAR) => list.filter((d) => d.kind === kind);

describe('the EMP201 for every month of the 2026/27 tax year', () => {
  // The month the return is for → the day it is due (the 7th, or the last business day before it).
  const DUE: [string, string, string][] = [
    ['2026-03', '2026-04-07', 'Tuesday'],
    ['2026-04', '2026-05-07', 'Thursday'],
    ['2026-05', '2026-06-05', 'Friday'], // 7 June is a Sunday
    ['2026-06', '2026-07-07', 'Tuesday'],
    ['2026-07', '2026-08-07', 'Friday'],
    ['2026-08', '2026-09-07', 'Monday'],
    ['2026-09', '2026-10-07', 'Wednesday'],
    ['2026-10', '2026-11-06', 'Friday'], // 7 November is a Saturday
    ['2026-11', '2026-12-07', 'Monday'],
    ['2026-12', '2027-01-07', 'Thursday'],
    ['2027-01', '2027-02-05', 'Friday'], // 7 February is a Sunday
    ['2027-02', '2027-03-05', 'Friday'], // 7 March is a Sunday
  ];
  const all = deadlinesBetween('2026-03-01', '2027-03-31');
  it.each(DUE)('for %s: due %s (%s)', (month, date, weekday) => {
    const item = of('emp201', all).find((d) => d.covers === month);
    expect(item).toMatchObject({ date, kind: 'emp201', articleSlug: 'compliance/emp201-monthly-return-deadline' });
    expect(weekdayOf(date)).toBe(weekday);
    expect(item!.title).toMatch(/^EMP201 for \w+ 20\d\d$/);
    // The UIF declaration falls due the same day.
    expect(of('uif-declaration', all).find((d) => d.covers === month)).toMatchObject({ date, caveat: expect.stringMatching(/uFiling/) });
  });

  it("each month of the tax year has exactly one EMP201 falling due in it, February 2026's on Friday 6 March 2026", () => {
    const months = of('emp201').map((d) => d.date.slice(0, 7));
    expect(months).toEqual([
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
    ]);
    expect(of('emp201')[0]).toMatchObject({ covers: '2026-02', date: '2026-03-06' }); // 7 March 2026 is a Saturday
  });

  it("moves a 7th that is a public holiday: 7 April 2023 was Good Friday, so March 2023's EMP201 was due Thursday 6 April", () => {
    expect(of('emp201', deadlinesBetween('2023-04-01', '2023-04-30'))).toMatchObject([
      { covers: '2023-03', date: '2023-04-06', due: expect.stringMatching(/public holiday/) },
    ]);
  });

  it('warns where an unannounced election holiday could still move a date', () => {
    expect(of('emp201').find((d) => d.covers === '2026-11')!.caveat).toMatch(/election/);
    expect(of('emp201').find((d) => d.covers === '2026-06')!.caveat).toBeUndefined();
    expect('caveat' in of('emp201').find((d) => d.covers === '2026-06')!).toBe(false);
  });
});

describe('the yearly dates', () => {
  const around = deadlinesBetween('2026-03-01', '2027-05-31');
  it.each([
    ['coida-roe', '2026', '2026-03-31', /Compensation Fund/],
    ['irp5', '2025/26', '2026-04-29', /60 days/],
    ['wsp-atr', '2026', '2026-04-30', /SETA/],
    ['emp501-annual', '2025/26', '2026-05-31', /EMP501/],
    ['emp501-interim', '2026/27', '2026-10-31', /1 March – 31 August 2026/],
    ['coida-roe', '2027', '2027-03-31', /Compensation Fund/],
    ['irp5', '2026/27', '2027-04-29', /60 days/],
    ['wsp-atr', '2027', '2027-04-30', /SETA/],
    ['emp501-annual', '2026/27', '2027-05-31', /EMP501/],
  ])('%s for %s: %s', (kind, covers, date, due) => {
    const found = around.filter((d) => d.kind === kind && d.covers === covers);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ date, due: expect.stringMatching(due) });
  });

  it("carries the facts sheet's caveats", () => {
    expect(around.find((d) => d.kind === 'emp501-interim')!.caveat).toMatch(/SARS announces/);
    expect(around.find((d) => d.kind === 'emp501-annual' && d.covers === '2026/27')!.caveat).toMatch(/2027 window/);
    expect(around.find((d) => d.kind === 'coida-roe')!.caveat).toMatch(/1 April to 31 May/);
    expect(around.find((d) => d.kind === 'wsp-atr')!.caveat).toMatch(/SETA/);
    expect(around.find((d) => d.kind === 'irp5')!.caveat).toBeUndefined();
  });

  it('lists the whole tax year sorted, each item once', () => {
    const keys = TAX_YEAR.map((d) => `${d.kind}:${d.covers}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(TAX_YEAR.map((d) => d.date)).toEqual([...TAX_YEAR.map((d) => d.date)].sort());
    expect(TAX_YEAR.every((d) => d.date >= '2026-03-01' && d.date <= '2027-02-28')).toBe(true);
    expect(TAX_YEAR.map((d) => d.kind).filter((k) => k !== 'emp201' && k !== 'uif-declaration')).toEqual([
      'coida-roe',
      'irp5',
      'wsp-atr',
      'emp501-annual',
      'emp501-interim',
    ]);
  });

  it('takes a range of one day, and an empty one', () => {
    expect(deadlinesBetween('2026-12-07', '2026-12-07').map((d) => d.kind)).toEqual(['emp201', 'uif-declaration']);
    expect(deadlinesBetween('2026-12-08', '2026-12-07')).toEqual([]);
    expect(() => deadlinesBetween('2026-02-30', '2026-03-07')).toThrow(/from/);
  });
});

describe('pay days', () => {
  it("adds each month's pay day, on the month's last day when it has fewer days", () => {
    const pays = deadlinesBetween('2027-01-01', '2027-03-31', { payDay: 31 }).filter((d) => d.kind === 'pay-day');
    expect(pays.map((d) => d.date)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31']);
    expect(
      deadlinesBetween('2026-11-01', '2026-11-30', { payDay: 25 })
        .filter((d) => d.kind === 'pay-day')
        .map((d) => d.date),
    ).toEqual(['2026-11-25']);
    expect(deadlinesBetween('2026-11-01', '2026-11-30').some((d) => d.kind === 'pay-day')).toBe(false);
    expect(() => deadlinesBetween('2026-11-01', '2026-11-30', { payDay: 0 })).toThrow(/payDay/);
  });
});

describe('articles', () => {
  it('every kind links to an article whose front matter carries the id we link to', () => {
    for (const kind of DEADLINE_KINDS) {
      const slug = ARTICLE_SLUGS[kind];
      const file = `db/knowledge/${slug}.md`;
      expect(fs.existsSync(file), file).toBe(true);
      expect(matter(fs.readFileSync(file, 'utf8')).data.id, slug).toBe(ARTICLE_IDS[slug]);
    }
  });
});

describe('the iCalendar feed', () => {
  const items = deadlinesBetween('2026-11-01', '2027-01-31');
  const text = toIcs(items, { now: new Date('2026-11-27T08:00:00Z'), baseUrl: 'https://payewise.example/' });

  it('is RFC 5545: CRLF lines of at most 75 octets, the calendar properties, escaped text', () => {
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const unfolded = text.replace(/\r\n[ \t]/g, '');
    expect(unfolded).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\nPRODID:-\/\/PayeWise\/\/Compliance calendar\/\/EN\r\n/);
    expect(unfolded).toContain('\r\nCALSCALE:GREGORIAN\r\n');
    expect(unfolded).toContain('\r\nX-WR-CALNAME:PayeWise: payroll deadlines\r\n');
    expect(unfolded).toContain('SUMMARY:EMP201 for November 2026\r\n');
    expect(unfolded).toMatch(
      /DESCRIPTION:Declare and pay the PAYE\\, UIF and SDL \(less ETI\) for November 2026 to SARS\.\\nDue Monday 7 December 2026\.\\n/,
    );
  });

  it("parses with ical.js into one all-day event per deadline, with stable UIDs and the article's link", () => {
    const cal = new ICAL.Component(ICAL.parse(text));
    expect(cal.getFirstPropertyValue('version')).toBe('2.0');
    const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events).toHaveLength(items.length);
    const emp201 = events.find((e) => e.uid === 'emp201-2026-11@payewise')!;
    expect(emp201.startDate.isDate).toBe(true);
    expect(emp201.startDate.toString()).toBe('2026-12-07');
    expect(emp201.endDate.toString()).toBe('2026-12-08');
    expect(emp201.description).toContain('https://payewise.example/knowledge/article/ad1355fa-6b8e-4aee-9b1c-0d63fe5c59e1');
    expect(emp201.description).toContain('election');
    expect(events.map((e) => e.uid)).toEqual(items.map(eventUid));
    expect(eventUid({ kind: 'emp501-interim', covers: '2026/27' })).toBe('emp501-interim-2026-27@payewise');
  });
});

describe('client companies on the calendar', () => {
  it('each client’s pay day, named; a day the business is closed says so with the business day before; `last` is the last business day', () => {
    const pay = calendarFor('2026-12-01', '2027-01-31', [
      { id: 1, name: 'Ubuntu Traders', payDay: 25 },
      { id: 2, name: 'Karoo Motors', payDay: 'last' },
      { id: 3, name: 'Fortnightly Spaza', payDay: 'friday', payFrequency: 'fortnightly' },
    ]).filter((d) => d.clientId);
    expect(pay.map((d) => [d.date, d.title, d.clientId, d.caveat ?? null])).toEqual([
      [
        '2026-12-25',
        'Ubuntu Traders: pay day (December 2026)',
        1,
        'This day is a public holiday (Christmas Day); the last business day before it is Thursday 24 December 2026.',
      ],
      ['2026-12-31', 'Karoo Motors: pay day (December 2026)', 2, null],
      ['2027-01-25', 'Ubuntu Traders: pay day (January 2027)', 1, null],
      ['2027-01-29', 'Karoo Motors: pay day (January 2027)', 2, null],
    ]);
    // A fortnightly payroll's weekday does not say which weeks: not listed (above). A weekly one is every week.
    const weekly = calendarFor('2026-12-01', '2027-01-05', [
      { id: 4, name: 'Weekly Spaza', payDay: 'friday', payFrequency: 'weekly' },
    ]).filter((d) => d.clientId);
    expect(weekly.map((d) => [d.date, d.title, d.caveat ?? null])).toEqual([
      ['2026-12-04', 'Weekly Spaza: weekly pay day', null],
      ['2026-12-11', 'Weekly Spaza: weekly pay day', null],
      ['2026-12-18', 'Weekly Spaza: weekly pay day', null],
      [
        '2026-12-25',
        'Weekly Spaza: weekly pay day',
        'This day is a public holiday (Christmas Day); the last business day before it is Thursday 24 December 2026.',
      ],
      [
        '2027-01-01',
        'Weekly Spaza: weekly pay day',
        "This day is a public holiday (New Year's Day); the last business day before it is Thursday 31 December 2026.",
      ],
    ]);
    expect(new Set(weekly.map((d) => eventUid(d))).size).toBe(5);
    expect(
      deadlinesBetween('2026-12-01', '2026-12-31', { payDay: 'monday' })
        .filter((d) => d.kind === 'pay-day')
        .map((d) => d.date),
    ).toEqual(['2026-12-07', '2026-12-14', '2026-12-21', '2026-12-28']);
    // Without clients, the statutory dates only; with them, the same statutory dates.
    expect(calendarFor('2026-12-01', '2027-01-31').filter((d) => d.clientId)).toEqual([]);
    expect(calendarFor('2026-12-01', '2027-01-31', [{ id: 1, name: 'A', payDay: 25 }]).filter((d) => !d.clientId)).toEqual(
      deadlinesBetween('2026-12-01', '2027-01-31'),
    );
  });
});
