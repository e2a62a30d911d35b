// A calculation as a document reads it: the inputs, then sections of labelled figures, tables, notes and the
// working. Built from the engine's own results, formatted the way the app already shows them: the chat's
// calculation card (islands/figures.ts) for the registry's results, the /calculators page model for its tabs.
// Pure: no I/O.
import { FIGURE_KINDS, figureLabel, formatFigure } from '../../islands/figures';
import { formatLongDate, formatRand, isIsoDate, taxYearLabel, type PayrollCalculator } from '../payroll';
import {
  PER_PERIOD,
  type CalcDef,
  type CalcResults,
  type Comparison as PageComparison,
  type Outcome,
  type Presented,
  type Values,
} from '../ui/calculators/model';
import type { Figure } from './model';

export interface CalcTable {
  caption: string;
  head: string[];
  rows: string[][];
  /** Rows to set in bold (a total). */
  bold?: number[];
}

export interface CalcSection {
  /** Absent for a calculation with one section. */
  title?: string;
  headline?: Figure & { sub?: string };
  figures: Figure[];
  tables: CalcTable[];
  notes: string[];
  working: string[];
}

export interface Calculation {
  /** For the file name: the registry's name (paye) or the page's tab (uif-sdl). */
  id: string;
  title: string;
  taxYear: number | null;
  inputs: Figure[];
  inputTables: CalcTable[];
  sections: CalcSection[];
  /** Knowledge-base articles on the topic (the page's links). */
  links: { label: string; href: string; taxYears?: string[] }[];
}

/** What each registry calculator is called in a document (the chat card's names, spelt out). */
export const CALCULATION_TITLES: Record<string, string> = {
  paye: 'PAYE',
  'tax-threshold': 'Tax thresholds',
  uif: 'UIF',
  sdl: 'SDL',
  eti: 'Employment Tax Incentive',
  payslip: 'Net pay',
  leave: 'Leave (BCEA)',
  'leave-pay': 'Leave pay',
  overtime: 'Overtime',
  notice: 'Notice period',
  deadline: 'Return due date',
  bonus: 'Bonus',
  termination: 'Final pay on termination',
  'leave-accrual': 'Leave accrued',
  'payroll-run': 'Payroll (EMP201)',
  'minimum-wage': 'Minimum wage',
  'payslip-check': 'Payslip check',
};
export const calculationTitle = (name: string) => CALCULATION_TITLES[name] ?? figureLabel(name);

type Scalar = string | number | boolean;
const isScalar = (v: unknown): v is Scalar => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const LISTS = new Set(['working', 'notes', 'warnings']);

/** A list of objects (payslip lines, employees) as a table of its plain columns; codes are for machines. */
function tableOf(key: string, rows: Record<string, unknown>[]): CalcTable {
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((k) => k !== 'code' && rows.some((r) => isScalar(r[k])));
  keys.sort((a, b) => Number(b === 'label' || b === 'name') - Number(a === 'label' || a === 'name'));
  return {
    caption: figureLabel(key),
    head: keys.map(figureLabel),
    // A line's type is a word for people ("Deduction"), not the engine's code ("deduction").
    rows: rows.map((r) =>
      keys.map((k) =>
        r[k] === undefined || r[k] === null
          ? ''
          : k === 'type' && typeof r[k] === 'string'
            ? r[k].charAt(0).toUpperCase() + r[k].slice(1)
            : formatFigure(k, r[k]),
      ),
    ),
  };
}

// One order for every calculation's fields, the tax year and period first: a result read back from the database
// (jsonb keeps its keys in its own order) shows as the engine returned it.
const ORDER = new Map([...new Set(['taxYear', 'period', ...Object.keys(FIGURE_KINDS)])].map((k, i) => [k, i] as const));
const rank = (k: string) => ORDER.get(k) ?? ORDER.size;

/** The figures of an object the engine returned: its scalars labelled and formatted, lists as tables. */
export function figuresOf(
  obj: Record<string, unknown>,
  prefix = '',
  opts: { noughts?: boolean } = {},
): { figures: Figure[]; tables: CalcTable[] } {
  const figures: Figure[] = [];
  const tables: CalcTable[] = [];
  for (const [k, v] of Object.entries(obj).sort(([a], [b]) => rank(a) - rank(b))) {
    if (v === null || v === undefined || LISTS.has(k)) continue;
    if (opts.noughts === false && v === 0) continue;
    if (isScalar(v)) figures.push({ label: `${prefix}${figureLabel(k)}`, text: formatFigure(k, v) });
    else if (Array.isArray(v) && v.length && v.every(isRecord)) tables.push(tableOf(k, v));
    else if (Array.isArray(v) && v.length && v.every(isScalar))
      figures.push({ label: `${prefix}${figureLabel(k)}`, text: v.map((x) => formatFigure(k, x)).join(', ') });
    else if (isRecord(v)) {
      const inner = figuresOf(v, `${prefix}${figureLabel(k)}: `, opts);
      figures.push(...inner.figures);
      tables.push(...inner.tables);
    }
  }
  return { figures, tables };
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/**
 * One section from a registry result: its figures (noughts left out unless asked for, as the chat's calculation card
 * does: beside a headline or an answer, "Medical credit R0.00" says nothing the working does not), its notes and
 * warnings, and the working.
 */
export function resultSection(
  result: Record<string, unknown>,
  working: string[] = strings(result.working),
  title?: string,
  noughts = false,
): CalcSection {
  const { figures, tables } = figuresOf(result, '', { noughts });
  return { title, figures, tables, notes: [...strings(result.notes), ...strings(result.warnings)], working };
}

/** A calculation posted to POST /api/payroll/<name>: the validated input and the engine's result (and a comparison). */
export function registryCalculation(
  calc: Pick<PayrollCalculator, 'name'>,
  input: Record<string, unknown>,
  result: Record<string, unknown>,
  working: string[],
  comparison?: { taxYears: [number, number]; results: [unknown, unknown]; difference: Record<string, number> },
): Calculation {
  const { figures, tables } = figuresOf(input);
  // No headline or answer text states the main figure here, so every figure stays, a nought too (PAYE R0.00).
  const sections = [resultSection(result, working, undefined, true)];
  if (comparison) {
    const [a, b] = comparison.results as Record<string, unknown>[];
    const [ya, yb] = comparison.taxYears.map(taxYearLabel);
    sections.push({
      title: `${ya} compared with ${yb}`,
      figures: [],
      tables: [
        {
          caption: `${ya} compared with ${yb}`,
          head: ['Figure', ya, yb, 'Difference'],
          rows: Object.entries(comparison.difference).map(([k, d]) => [
            figureLabel(k),
            formatFigure(k, a[k]),
            formatFigure(k, b[k]),
            `${d > 0 ? '+' : ''}${formatFigure(k, d)}`,
          ]),
        },
      ],
      notes: [],
      working: [],
    });
  }
  return {
    id: calc.name,
    title: calculationTitle(calc.name),
    taxYear: typeof result.taxYear === 'number' ? result.taxYear : null,
    inputs: figures,
    inputTables: tables,
    sections,
    links: [],
  };
}

// ---- The /calculators page ----------------------------------------------------------------------

const money = (rands: number) => formatRand(Math.round(rands * 100));
const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;
const SPACES = /[\s\u00a0\u202f\u2009]/g;

/** A form value as the page's field shows it: a select by its option's label, rands and dates written out. */
function inputText(field: CalcDef['fields'][number], raw: string, today: Date): string {
  const v = raw.trim();
  if (field.kind === 'select')
    return (
      field
        .options?.(today)
        .find((o) => o.value === v)
        ?.label.replace(/ \(current\)$/, '') ?? v
    );
  if (field.kind === 'rands') {
    const n = v.replace(SPACES, '').replace(/^[Rr]/, '');
    return /^\d+(\.\d{1,2})?$/.test(n) ? money(Number(n)) : v;
  }
  if (field.kind === 'number') return v.replace(SPACES, '');
  if (field.kind === 'date' && isIsoDate(v)) return formatLongDate(v);
  return v;
}

/** The form's inputs: what was typed or chosen, by the fields' labels (folded groups only when used). */
function pageInputs(def: CalcDef, values: Values, today: Date): Figure[] {
  const used = new Set(def.fields.filter((f) => f.group && f.kind !== 'select' && (values[f.name] ?? '').trim()).map((f) => f.group));
  return def.fields
    .filter((f) => (values[f.name] ?? '').trim() !== '' && (!f.group || used.has(f.group)))
    .map((f) => ({ label: f.label, text: inputText(f, values[f.name], today) }));
}

function presentedSection(r: Presented): CalcSection {
  // The page sets a presented table's last row (its total) in bold.
  const table = r.table && { caption: r.table.caption, head: r.table.head, rows: r.table.rows, bold: [r.table.rows.length - 1] };
  return {
    headline: { label: r.headline.label, text: r.headline.value, sub: r.headline.sub },
    figures: r.stats.map(([label, text]) => ({ label, text })),
    tables: table ? [table] : [],
    notes: r.notes,
    working: r.working,
  };
}

/** The page's result as sections: its headline (the page's words) over every figure the engine returned. */
function pageSections(def: CalcDef, result: unknown): CalcSection[] {
  const rec = result as Record<string, unknown>;
  const withHeadline = (s: CalcSection, label: string, text: string, sub?: string): CalcSection => ({
    ...s,
    headline: { label, text, sub },
  });
  switch (def.id) {
    case 'bonus':
    case 'termination':
    case 'leave-accrual':
    case 'payroll-run':
      return [presentedSection(result as Presented)];
    case 'paye': {
      const r = result as CalcResults['paye'];
      const bonus = r.bonusPaye > 0;
      return [
        withHeadline(
          resultSection(rec),
          `PAYE ${PER_PERIOD[r.period]}${bonus ? ', bonus included' : ''} · tax year ${taxYearLabel(r.taxYear)}`,
          money(r.paye),
          bonus ? `of which ${money(r.bonusPaye)} is the tax on the bonus` : undefined,
        ),
      ];
    }
    case 'payslip': {
      const r = result as CalcResults['payslip'];
      return [
        withHeadline(
          resultSection(rec),
          `Net pay ${PER_PERIOD[r.period]} · tax year ${taxYearLabel(r.taxYear)}`,
          money(r.netPay),
          `Cost to employer ${money(r.employerCost)}`,
        ),
      ];
    }
    case 'uif-sdl': {
      const r = result as CalcResults['uif-sdl'];
      return [
        withHeadline(
          resultSection(r.uif, r.uif.working, 'UIF'),
          `UIF ${PER_PERIOD[r.period]} · tax year ${taxYearLabel(r.taxYear)}`,
          money(r.uif.total),
          'Employee and employer together',
        ),
        withHeadline(
          resultSection(r.sdl, r.sdl.working, 'SDL'),
          `SDL ${PER_PERIOD[r.period]}`,
          money(r.sdl.sdl),
          r.sdl.exempt ? 'Not payable: the employer is exempt' : 'Paid by the employer',
        ),
      ];
    }
    case 'eti': {
      const r = result as CalcResults['eti'];
      return [withHeadline(resultSection(rec), 'ETI for the month', money(r.eti))];
    }
    case 'leave': {
      const r = result as CalcResults['leave'];
      const leave = withHeadline(
        resultSection(r.leave as unknown as Record<string, unknown>, r.leave.working, 'Leave'),
        'Annual leave (working days a 12-month cycle)',
        days(r.leave.annualLeaveDays),
        `on a ${r.leave.daysPerWeek}-day week`,
      );
      return r.notice ? [leave, resultSection(r.notice as unknown as Record<string, unknown>, r.notice.working, 'Notice')] : [leave];
    }
    case 'overtime': {
      const r = result as CalcResults['overtime'];
      return [withHeadline(resultSection(rec), 'Total extra pay', money(r.total))];
    }
  }
}

function comparisonSection(c: PageComparison): CalcSection {
  const caption = `${c.years[0]} compared with ${c.years[1]}`;
  return {
    title: caption,
    figures: [],
    tables: [
      { caption, head: ['Figure', c.years[0], c.years[1], 'Difference'], rows: c.rows.map((r) => [r.label, r.a, r.b, r.difference]) },
    ],
    notes: [],
    working: [],
  };
}

/** A tax year the result names, else the one the form chose. */
function pageTaxYear(result: unknown, values: Values): number | null {
  const r = result as { taxYear?: unknown };
  if (typeof r?.taxYear === 'number') return r.taxYear;
  const v = Number(values.taxYear);
  return Number.isInteger(v) && v > 2000 ? v : null;
}

/** A result of the /calculators page, as shown there: the page's labels, figures and working. */
export function pageCalculation(def: CalcDef, values: Values, outcome: Extract<Outcome, { status: 'ok' }>, today: Date): Calculation {
  const sections = pageSections(def, outcome.result);
  if (outcome.comparison) sections.push(comparisonSection(outcome.comparison));
  return {
    id: def.id,
    title: def.title,
    taxYear: pageTaxYear(outcome.result, values),
    inputs: pageInputs(def, values, today),
    inputTables: [],
    sections,
    links: def.links.map((l) => ({ label: l.label, href: l.href })),
  };
}
