// A calculation as CSV (RFC 4180): one row per figure, table cell, note and step of the working, so a
// spreadsheet can filter by section and sum the Value column. The shape is described in README.md.
import { taxYearLabel } from '../payroll';
import type { Calculation } from './calculation';

export const CSV_HEADER = ['Section', 'Item', 'Detail', 'Value', 'Unit'] as const;

const UNITS: Record<string, string> = {
  day: 'days',
  days: 'days',
  week: 'weeks',
  weeks: 'weeks',
  month: 'months',
  months: 'months',
  hour: 'hours',
  hours: 'hours',
  year: 'years',
  years: 'years',
  km: 'km',
  '%': '%',
};
// What the app's formatters write: formatRand ("R28 500.00", "−R12.50") and the figures' units ("1.25 days", "7.75%").
const RAND = /^([+−-])?R(\d{1,3}(?: \d{3})+|\d+)\.(\d{2})$/;
const QUANTITY = /^([+−-])?(\d{1,3}(?: \d{3})+|\d+)(\.\d+)?(?: (days?|weeks?|months?|hours?|years?|km)|(%))?$/;

/** A shown figure as a spreadsheet reads it: a plain number ('.' decimals, no R, no spaces) and its unit, or the text as it is. */
export function csvValue(text: string): { value: string; unit: string } {
  const t = text.trim();
  const r = RAND.exec(t);
  if (r) return { value: `${r[1] === '−' || r[1] === '-' ? '-' : ''}${r[2].replace(/ /g, '')}.${r[3]}`, unit: 'ZAR' };
  const q = QUANTITY.exec(t);
  if (q)
    return {
      value: `${q[1] === '−' || q[1] === '-' ? '-' : ''}${q[2].replace(/ /g, '')}${q[3] ?? ''}`,
      unit: UNITS[q[4] ?? q[5] ?? ''] ?? '',
    };
  return { value: text, unit: '' };
}

/** One field: quoted when it holds a comma, quote or line break; text a spreadsheet would run as a formula is defused. */
export function csvField(v: string, numeric = false): string {
  const s = !numeric && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The rows of a calculation, header first; `date` is the day it was made (yyyy-mm-dd). */
export function csvRows(calc: Calculation, date: string): string[][] {
  const rows: string[][] = [[...CSV_HEADER]];
  const add = (section: string, item: string, detail: string, text: string) => {
    const { value, unit } = csvValue(text);
    rows.push([section, item, detail, value, unit]);
  };
  add('Calculation', 'Calculator', '', calc.title);
  if (calc.taxYear) add('Calculation', 'Tax year', '', taxYearLabel(calc.taxYear));
  add('Calculation', 'Date', '', date);
  for (const f of calc.inputs) add('Input', f.label, '', f.text);
  const table = (section: string, t: { head: string[]; rows: string[][] }) => {
    for (const row of t.rows) row.slice(1).forEach((cell, j) => add(section, row[0], t.head[j + 1] ?? '', cell));
  };
  for (const t of calc.inputTables) table(`Input: ${t.caption}`, t);
  for (const s of calc.sections) {
    const name = s.title ?? 'Result';
    if (s.headline) add(name, s.headline.label, s.headline.sub ?? '', s.headline.text);
    for (const f of s.figures) add(name, f.label, '', f.text);
    for (const t of s.tables) table(t.caption === name ? name : `${name}: ${t.caption}`, t);
    s.notes.forEach((n, i) => rows.push([`${s.title ? `${s.title} notes` : 'Notes'}`, String(i + 1), '', n, '']));
    s.working.forEach((w, i) => rows.push([`${s.title ? `${s.title} working` : 'Working'}`, String(i + 1), '', w, '']));
  }
  return rows;
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * The CSV file: UTF-8 with a byte-order mark (so Excel reads "−" and "’" right), CRLF line ends, the header row
 * first. Value cells holding a number are left unquoted and undefused ("-12.50" is a number, not a formula).
 */
export function toCsv(calc: Calculation, date: string): string {
  const lines = csvRows(calc, date).map((row, r) => row.map((v, i) => csvField(v, r > 0 && i === 3 && NUMBER.test(v))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
