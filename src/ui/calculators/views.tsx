// The /calculators page's views: the tabs, the form made from each calculator's fields (./model.ts), and a result
// view per calculator. Long because each calculator's result has its own view; they share the helpers at the top.
import type { ReactNode } from 'react';
import { Amounts } from '../../../islands/amounts';
import { formatRand, taxYearLabel, type FieldError, type PayslipApiLine } from '../../payroll';
import {
  CALCULATORS,
  CALCULATOR_LIST,
  PER_PERIOD,
  fieldId,
  todayLabel,
  type CalcDef,
  type CalcId,
  type CalcResults,
  type FieldDef,
  type KbLink,
  type Comparison,
  type Outcome,
  type Presented,
  type Values,
  type ClientFill,
  takesClient,
} from './model';

// The /calculators screen as pure views. Every calculator is a plain form that posts to
// /calculators/<id> and renders the whole page without JavaScript; with htmx the form posts as the
// user types and swaps only the result region (aria-live) and, out of band, the field messages, so
// the inputs are never replaced under the user's fingers.

export interface CalcState {
  tab: CalcId;
  values: Values;
  outcome: Outcome;
  /** Also say "… is required" under blank required fields (after a full-page submit). */
  showMissing: boolean;
  today: Date;
  /** The user's client companies, for "Fill from a client". */
  clients?: { id: number; name: string }[];
  /** The client whose facts filled the form. */
  client?: ClientFill;
}

/** A tab's address; with a client, the tab opens filled from it. */
export const tabUrl = (id: CalcId, clientId?: number) => `/calculators?tab=${id}${clientId ? `&client=${clientId}` : ''}`;
export const stateTitle = (s: Pick<CalcState, 'tab'>) => `${CALCULATORS[s.tab].title} · Calculators`;

const money = (rands: number) => formatRand(Math.round(rands * 100));
const errorId = (calc: CalcId, field: string) => `${fieldId(calc, field)}-error`;

/** The messages to show under each field. */
function fieldMessages(def: CalcDef, outcome: Outcome, showMissing: boolean): Map<string, string> {
  const map = new Map<string, string>();
  const names = new Set(def.fields.map((f) => f.name));
  const add = (list: FieldError[]) => list.forEach((e) => names.has(e.field) && !map.has(e.field) && map.set(e.field, e.message));
  if (outcome.status === 'invalid') add(outcome.errors);
  if (showMissing && outcome.status !== 'ok') add(outcome.missing);
  return map;
}

// ---- Page ---------------------------------------------------------------------------------------

export function CalculatorsPage({ s }: { s: CalcState }) {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Payroll calculators</h1>
        <p className="text-muted-foreground">
          South African PAYE, UIF, SDL, ETI and BCEA figures, exact to the cent, with the working shown. Results update as you type.
        </p>
      </div>
      {/* Tab links swap #calc-root and push the URL (?tab=…); the history element lets Back restore a tab. */}
      <div id="calc-root" className="space-y-6" hx-target="this" hx-swap="innerHTML" hx-push-url="true" hx-history-elt="">
        <CalculatorsRoot s={s} />
      </div>
    </div>
  );
}

/** What htmx swaps into #calc-root when a tab is chosen. */
export function CalculatorsRoot({ s }: { s: CalcState }) {
  return (
    <>
      <nav aria-label="Calculators">
        <ul className="flex flex-wrap gap-2">
          {CALCULATOR_LIST.map((d) => {
            const active = d.id === s.tab;
            return (
              <li key={d.id}>
                {/* The id lets htmx give focus back to the same tab after the swap. */}
                <a
                  id={`calc-tab-${d.id}`}
                  href={tabUrl(d.id, s.client?.id)}
                  hx-get={tabUrl(d.id, s.client?.id)}
                  aria-current={active ? 'page' : undefined}
                  data-testid={`calc-tab-${d.id}`}
                  className={`inline-flex h-9 items-center whitespace-nowrap rounded-full border px-4 text-sm font-medium ${
                    active ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-white text-slate-700 hover:bg-muted'
                  }`}
                >
                  {d.tab}
                </a>
              </li>
            );
          })}
          <li>
            {/* Not a calculator tab: its own page, where a payslip from another system is read and checked. */}
            <a
              href="/calculators/payslip-check"
              data-testid="calc-tab-payslip-check"
              className="inline-flex h-9 items-center whitespace-nowrap rounded-full border border-dashed border-border bg-white px-4 text-sm font-medium text-slate-700 hover:bg-muted"
            >
              Payslip check
            </a>
          </li>
        </ul>
      </nav>
      <CalculatorPanel s={s} />
    </>
  );
}

function CalculatorPanel({ s }: { s: CalcState }) {
  const def = CALCULATORS[s.tab] as CalcDef;
  const id = def.id;
  const messages = fieldMessages(def, s.outcome, s.showMissing);
  return (
    <section aria-labelledby={`${id}-title`} data-calculator={id} className="space-y-4 max-lg:pb-20">
      <div>
        <h2 id={`${id}-title`} className="text-xl font-semibold">
          {def.title}
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-muted-foreground">{def.intro}</p>
      </div>
      {takesClient(def) && (s.clients?.length ?? 0) > 0 ? <ClientPicker s={s} /> : null}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <form
          id={`${id}-form`}
          method="post"
          action={`/calculators/${id}`}
          hx-post={`/calculators/${id}`}
          hx-trigger="input changed delay:250ms, submit"
          hx-target={`#${id}-result`}
          hx-swap="innerHTML"
          hx-push-url="false"
          hx-sync="this:replace"
          noValidate
          aria-labelledby={`${id}-title`}
          className="card space-y-5 p-4 sm:p-5"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            {def.fields
              .filter((field) => !field.group)
              .map((field) => (
                <Field
                  key={field.name}
                  calc={id}
                  field={field}
                  value={s.values[field.name] ?? ''}
                  message={messages.get(field.name)}
                  today={s.today}
                />
              ))}
          </div>
          {[...new Set(def.fields.flatMap((field) => (field.group ? [field.group] : [])))].map((group) => {
            const fields = def.fields.filter((field) => field.group === group);
            const open =
              fields.some((field) => field.kind !== 'select' && (s.values[field.name] ?? '') !== '') ||
              fields.some((field) => messages.has(field.name));
            return (
              <details key={group} open={open || undefined} className="rounded-md border border-border p-3">
                <summary className="cursor-pointer text-sm font-semibold">{group}</summary>
                <div className="mt-3 grid gap-4 sm:grid-cols-2">
                  {fields.map((field) => (
                    <Field
                      key={field.name}
                      calc={id}
                      field={field}
                      value={s.values[field.name] ?? ''}
                      message={messages.get(field.name)}
                      today={s.today}
                    />
                  ))}
                </div>
              </details>
            );
          })}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn btn-primary">
              Calculate
            </button>
            <a id={`${id}-clear`} href={tabUrl(id)} hx-get={tabUrl(id)} className="btn btn-outline">
              Clear
            </a>
          </div>
        </form>
        <section aria-labelledby={`${id}-result-title`} className="card space-y-4 p-4 sm:p-5">
          <h3 id={`${id}-result-title`} className="text-lg font-semibold">
            Result
          </h3>
          <div id={`${id}-result`} aria-live="polite" data-testid="calc-result">
            <ResultContent calc={def} outcome={s.outcome} />
          </div>
          {/* islands/calc-copy.ts shows it while there is a result (copying needs JavaScript); outside the live region, so it is not announced with every figure. */}
          <button type="button" className="btn btn-outline btn-sm" data-copy-table={`${id}-result`} hidden>
            Copy table
          </button>
          <Downloads calc={id} values={s.values} outcome={s.outcome} />
          <KbLinks links={def.links} />
        </section>
      </div>
      {/* Below 1024 px the result sits under the form: its main figure stays in view in this bar while typing (kept in step by islands/htmx.ts). */}
      <a
        href={`#${id}-result-title`}
        data-result-summary={`${id}-result`}
        hidden
        className="fixed inset-x-0 bottom-0 z-10 flex items-center justify-between gap-3 border-t border-border bg-white px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] lg:hidden"
      >
        <span className="min-w-0">
          <span data-summary-label="" className="block truncate text-xs text-muted-foreground" />
          <span data-summary-value="" className="block text-lg font-bold" />
        </span>
        <span className="shrink-0 text-sm font-medium text-primary">Full result ↓</span>
      </a>
    </section>
  );
}

/** A GET form: the chosen client's facts fill the fields marked fromClient (htmx swaps #calc-root as a tab does). */
function ClientPicker({ s }: { s: CalcState }) {
  const id = `${s.tab}-client`;
  return (
    <div className="space-y-2">
      <form method="get" action="/calculators" hx-get="/calculators" hx-trigger="change, submit" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="tab" value={s.tab} />
        <div className="min-w-0 max-w-full">
          <label htmlFor={id} className="label">
            Fill from a client
          </label>
          <select id={id} name="client" defaultValue={s.client ? String(s.client.id) : ''} className="input mt-1.5 max-w-full bg-white!">
            <option value="">No client</option>
            {s.clients!.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-outline">
          Fill
        </button>
      </form>
      {s.client ? (
        <div role="status" data-testid="calc-client-note" className="rounded-md border border-border bg-muted/40 p-3 text-sm">
          <p>
            Filled from <strong>{s.client.name}</strong>
            {s.client.said.length ? `: ${s.client.said.join('; ')}.` : ' (it has nothing this calculator uses).'} Change any field to
            override it.
          </p>
          {s.client.cautions.map((c) => (
            <p key={c} className="mt-1 text-amber-800">
              {c}
            </p>
          ))}
        </div>
      ) : null}
    </div>
  );
}

function Field({ calc, field, value, message, today }: { calc: CalcId; field: FieldDef; value: string; message?: string; today: Date }) {
  const id = fieldId(calc, field.name);
  const hintId = field.hint ? `${id}-hint` : null;
  const describedBy = [hintId, errorId(calc, field.name)].filter(Boolean).join(' ');
  const common = {
    id,
    name: field.name,
    'aria-describedby': describedBy,
    'aria-invalid': message ? (true as const) : undefined,
    required: field.required || undefined,
  };
  let control: ReactNode;
  if (field.kind === 'select') {
    control = (
      <select {...common} defaultValue={value} className="input mt-1.5 bg-white!">
        {(field.options?.(today) ?? []).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'date') {
    control = <input {...common} type="date" defaultValue={value} className="input mt-1.5" />;
  } else if (field.kind === 'text' && field.rows) {
    control = (
      <textarea
        {...common}
        rows={field.rows}
        placeholder={field.placeholder}
        defaultValue={value}
        spellCheck={false}
        className="input mt-1.5 h-auto py-2 font-mono text-sm"
      />
    );
  } else if (field.kind === 'text') {
    control = (
      <input {...common} type="text" autoComplete="off" placeholder={field.placeholder} defaultValue={value} className="input mt-1.5" />
    );
  } else {
    const input = (
      <input
        {...common}
        type="text"
        inputMode={field.whole ? 'numeric' : 'decimal'}
        autoComplete="off"
        spellCheck={false}
        placeholder={field.placeholder}
        defaultValue={value}
        className={`input ${field.kind === 'rands' ? 'pl-7' : ''}`}
      />
    );
    control =
      field.kind === 'rands' ? (
        <div className="relative mt-1.5">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground"
          >
            R
          </span>
          {input}
        </div>
      ) : (
        <div className="mt-1.5">{input}</div>
      );
  }
  const hint = field.kind === 'date' && field.hint ? field.hint.replace('today', `today (${todayLabel(today)})`) : field.hint;
  return (
    <div>
      <label htmlFor={id} className="label">
        {field.label}
        {field.required || field.kind === 'select' ? null : <span className="font-normal text-muted-foreground"> (optional)</span>}
      </label>
      {control}
      {hint && (
        <p id={hintId!} className="mt-1 text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldMessage id={errorId(calc, field.name)} message={message} />
    </div>
  );
}

/** The message under a field; the same element (by id) is replaced out of band by the live results. */
function FieldMessage({ id, message, oob }: { id: string; message?: string; oob?: boolean }) {
  return (
    <p id={id} className="field-error mt-1 empty:hidden" data-testid="field-error" hx-swap-oob={oob ? 'true' : undefined}>
      {message ?? ''}
    </p>
  );
}

/** For htmx: every field's message (empty ones clear old messages), swapped by id. */
export function FieldMessagesOob({ calc, outcome }: { calc: CalcId; outcome: Outcome }) {
  const def = CALCULATORS[calc] as CalcDef;
  const messages = fieldMessages(def, outcome, false);
  return (
    <>
      {def.fields.map((field) => (
        <FieldMessage key={field.name} id={errorId(calc, field.name)} message={messages.get(field.name)} oob />
      ))}
    </>
  );
}

/** The shown result as a file: the same fields in the page's URL with &format= (routes/pages/calculators.tsx). */
export const downloadUrl = (calc: CalcId, values: Values, format: 'pdf' | 'csv') =>
  `/calculators?${new URLSearchParams({ tab: calc, ...values, format })}`;

/** Download links for the result shown; htmx replaces them out of band with each new result (outside the live region, so never announced). */
export function Downloads({ calc, values, outcome, oob }: { calc: CalcId; values: Values; outcome: Outcome; oob?: boolean }) {
  return (
    <div
      id={`${calc}-downloads`}
      className="flex flex-wrap gap-2 empty:hidden"
      hx-swap-oob={oob ? 'true' : undefined}
      data-testid="calc-downloads"
    >
      {outcome.status === 'ok' && (
        <>
          <a href={downloadUrl(calc, values, 'pdf')} download className="btn btn-outline btn-sm">
            Download PDF
          </a>
          <a href={downloadUrl(calc, values, 'csv')} download className="btn btn-outline btn-sm">
            Download CSV
          </a>
        </>
      )}
    </div>
  );
}

function KbLinks({ links }: { links: KbLink[] }) {
  return (
    <div className="border-t border-border pt-4">
      <h4 className="text-sm font-semibold">In the knowledge base</h4>
      <ul className="mt-2 space-y-1 text-sm">
        {links.map((l) => (
          <li key={l.href}>
            <a href={l.href} className="text-primary underline underline-offset-2 hover:no-underline">
              {l.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

// ---- Results ------------------------------------------------------------------------------------

function joinLabels(labels: string[]): string {
  const l = labels.map((x) => x.toLowerCase());
  return l.length <= 1 ? l.join('') : `${l.slice(0, -1).join(', ')} and ${l[l.length - 1]}`;
}

function labelsOf(def: CalcDef, errors: FieldError[]) {
  return errors.map((e) => def.fields.find((f) => f.name === e.field)?.label ?? e.field);
}

/** The result region's content: a prompt, the problems, or the figures with their working. */
export function ResultContent({ calc, outcome }: { calc: CalcDef; outcome: Outcome }) {
  if (outcome.status === 'idle') {
    return (
      <p className="text-sm text-muted-foreground" data-testid="calc-idle">
        {`Enter the ${joinLabels(labelsOf(calc, outcome.missing))} to see the result.`}
      </p>
    );
  }
  if (outcome.status === 'invalid') {
    return (
      <div className="space-y-2 text-sm" data-testid="calc-errors">
        <p className="font-medium text-destructive">{`Please check ${outcome.errors.length === 1 ? 'this value' : 'these values'}:`}</p>
        <ul className="list-disc space-y-1 pl-5 text-destructive">
          {outcome.errors.map((e) => (
            <li key={e.field}>{e.message}</li>
          ))}
        </ul>
        {outcome.missing.length > 0 && (
          <p className="text-muted-foreground">{`Also still needed: ${joinLabels(labelsOf(calc, outcome.missing))}.`}</p>
        )}
      </div>
    );
  }
  return (
    <>
      <CalcResult calc={calc} outcome={outcome} />
      {outcome.comparison && <ComparisonTable c={outcome.comparison} />}
    </>
  );
}

function CalcResult({ calc, outcome }: { calc: CalcDef; outcome: Extract<Outcome, { status: 'ok' }> }) {
  switch (calc.id) {
    case 'bonus':
    case 'termination':
    case 'leave-accrual':
    case 'payroll-run':
      return <PresentedResult id={calc.id} r={outcome.result as Presented} />;
    case 'paye':
      return <PayeResult r={outcome.result as CalcResults['paye']} />;
    case 'payslip':
      return <PayslipResult r={outcome.result as CalcResults['payslip']} />;
    case 'uif-sdl':
      return <UifSdlResult r={outcome.result as CalcResults['uif-sdl']} />;
    case 'eti':
      return <EtiResult r={outcome.result as CalcResults['eti']} />;
    case 'leave':
      return <LeaveResult r={outcome.result as CalcResults['leave']} />;
    case 'overtime':
      return <OvertimeResult r={outcome.result as CalcResults['overtime']} />;
  }
}

function ComparisonTable({ c }: { c: Comparison }) {
  return (
    <div className="mt-4 border-t border-border pt-4" data-testid="comparison">
      <table className="w-full text-sm">
        <caption className="mb-2 text-left font-semibold">{`${c.years[0]} compared with ${c.years[1]}`}</caption>
        <thead>
          <tr className="text-left text-muted-foreground">
            <th scope="col" className="py-1 font-medium">
              Figure
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {c.years[0]}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {c.years[1]}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Difference
            </th>
          </tr>
        </thead>
        <tbody>
          {c.rows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className="py-1 pr-2 text-left font-normal">
                {row.label}
              </th>
              <td className="whitespace-nowrap py-1 text-right tabular-nums">{row.a}</td>
              <td className="whitespace-nowrap py-1 text-right tabular-nums">{row.b}</td>
              <td className="whitespace-nowrap py-1 text-right tabular-nums">{row.difference}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A result from a presenter: headline, figures, a table where there is one, notes and the working. */
function PresentedResult({ id, r }: { id: string; r: Presented }) {
  return (
    <div className="space-y-4" data-testid={`${id}-result`}>
      <Headline label={r.headline.label} value={r.headline.value} sub={r.headline.sub} />
      <Stats items={r.stats} />
      {r.table && (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="mb-2 text-left font-semibold">{r.table.caption}</caption>
            <thead>
              <tr className="text-left text-muted-foreground">
                {r.table.head.map((h, i) => (
                  <th key={h} scope="col" className={`py-1 pr-2 font-medium ${i ? 'text-right' : ''}`}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {r.table.rows.map((row, i) => (
                <tr key={i} className={i === r.table!.rows.length - 1 ? 'border-t border-border font-semibold' : ''}>
                  {row.map((cell, j) =>
                    j === 0 ? (
                      <th key={j} scope="row" className="py-1 pr-2 text-left font-normal">
                        {cell}
                      </th>
                    ) : (
                      <td key={j} className="whitespace-nowrap py-1 pl-2 text-right tabular-nums">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {r.notes.length > 0 && (
        <ul className="space-y-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {r.notes.map((n, i) => (
            <li key={i}>{n}</li>
          ))}
        </ul>
      )}
      <Working lines={r.working} />
    </div>
  );
}

function Headline({ label, value, sub }: { label: string; value: string; sub?: string }) {
  return (
    <div>
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="whitespace-nowrap text-3xl font-bold tracking-tight" data-testid="result-amount">
        {value}
      </p>
      {sub && <p className="text-sm text-muted-foreground">{sub}</p>}
    </div>
  );
}

const MONEY = /^−?R[\d ]+\.\d\d$/;

function Stats({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-md bg-muted p-3">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className={`mt-0.5 font-semibold ${typeof value === 'string' && MONEY.test(value) ? 'whitespace-nowrap' : ''}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Working({ lines, title = 'Working' }: { lines: string[]; title?: string }) {
  if (!lines.length) return null;
  return (
    <div>
      <h4 className="text-sm font-semibold">{title}</h4>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm" data-testid="working">
        {lines.map((l, i) => (
          <li key={i}>
            <Amounts text={l} />
          </li>
        ))}
      </ol>
    </div>
  );
}

function PayeResult({ r }: { r: CalcResults['paye'] }) {
  const bonus = r.bonusPaye > 0;
  const items: [string, ReactNode][] = bonus
    ? [
        ['Tax on the bonus', money(r.bonusPaye)],
        ['PAYE on regular pay', money(r.regularPaye)],
        ['Annual tax on regular pay', money(r.annualTax)],
        ['Annual tax with the bonus', money(r.annualTax + r.bonusPaye)],
      ]
    : [['Annual tax', money(r.annualTax)]];
  items.push(['Rebates (a year)', money(r.rebate)], [`Medical credit ${PER_PERIOD[r.period]}`, money(r.medicalCredit)]);
  if (r.taxableBenefits > 0) items.push(['Taxable allowances and benefits', money(r.taxableBenefits)]);
  return (
    <div className="space-y-4" data-testid="paye-result">
      <Headline
        label={`PAYE ${PER_PERIOD[r.period]}${bonus ? ', bonus included' : ''} · tax year ${taxYearLabel(r.taxYear)}`}
        value={money(r.paye)}
        sub={bonus ? `of which ${money(r.bonusPaye)} is the tax on the bonus` : undefined}
      />
      <Stats items={items} />
      <Working lines={r.working} />
    </div>
  );
}

const LINE_STYLE: Record<PayslipApiLine['type'], string> = {
  earning: '',
  deduction: '',
  info: 'text-muted-foreground italic',
  employer: 'text-muted-foreground',
  total: 'font-semibold border-t border-border',
};

function PayslipResult({ r }: { r: CalcResults['payslip'] }) {
  return (
    <div className="space-y-4" data-testid="payslip-result">
      <Headline
        label={`Net pay ${PER_PERIOD[r.period]} · tax year ${taxYearLabel(r.taxYear)}`}
        value={money(r.netPay)}
        sub={`Cost to employer ${money(r.employerCost)}`}
      />
      <table className="w-full text-sm">
        <caption className="sr-only">Payslip lines; open a line to see its working</caption>
        <thead>
          <tr className="text-left text-muted-foreground">
            <th scope="col" className="py-1 font-medium">
              Line
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {r.lines.map((l) => (
            <tr key={l.code} className={`align-top ${LINE_STYLE[l.type]}`} data-line={l.code}>
              <td className="py-1.5 pr-2">
                <details>
                  <summary className="cursor-pointer">
                    {l.label}
                    {l.type === 'employer' && <span className="text-xs">{' (employer)'}</span>}
                  </summary>
                  <ul className="mt-1 list-disc space-y-0.5 pl-5 text-xs font-normal not-italic text-muted-foreground">
                    {l.working.map((w, i) => (
                      <li key={i}>{w}</li>
                    ))}
                  </ul>
                </details>
              </td>
              <td className="whitespace-nowrap py-1.5 text-right tabular-nums">
                {l.type === 'deduction' ? `−${money(l.amount)}` : money(l.amount)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Working lines={r.working} title="Summary" />
    </div>
  );
}

function UifSdlResult({ r }: { r: CalcResults['uif-sdl'] }) {
  return (
    <div className="space-y-6" data-testid="uif-sdl-result">
      <div className="space-y-3">
        <Headline
          label={`UIF ${PER_PERIOD[r.period]} · tax year ${taxYearLabel(r.taxYear)}`}
          value={money(r.uif.total)}
          sub="Employee and employer together"
        />
        <Stats
          items={[
            ['Employee (1%)', money(r.uif.employee)],
            ['Employer (1%)', money(r.uif.employer)],
          ]}
        />
        <Working lines={r.uif.working} title="UIF working" />
      </div>
      <div className="space-y-3 border-t border-border pt-4">
        <Headline
          label={`SDL ${PER_PERIOD[r.period]}`}
          value={money(r.sdl.sdl)}
          sub={r.sdl.exempt ? 'Not payable: the employer is exempt' : 'Paid by the employer'}
        />
        <Working lines={r.sdl.working} title="SDL working" />
      </div>
    </div>
  );
}

function EtiResult({ r }: { r: CalcResults['eti'] }) {
  return (
    <div className="space-y-4" data-testid="eti-result">
      <Headline label="ETI for the month" value={money(r.eti)} />
      <Working lines={r.working} />
    </div>
  );
}

const days = (n: number | null) => (n === null ? '—' : `${n} day${n === 1 ? '' : 's'}`);

function LeaveResult({ r }: { r: CalcResults['leave'] }) {
  const l = r.leave;
  const items: [string, ReactNode][] = [
    ['Annual leave a cycle', days(l.annualLeaveDays)],
    ['Accrues a month', days(l.annualLeaveMonthlyAccrual)],
    [`Sick leave per ${l.sickLeaveCycleMonths} months`, days(l.sickLeaveDaysPerCycle)],
    ['Family responsibility a year', l.familyResponsibilityDays === null ? 'Enter months employed' : days(l.familyResponsibilityDays)],
  ];
  if (l.annualLeaveByDaysWorked !== null) items.push(['Leave earned (1 per 17 days)', days(l.annualLeaveByDaysWorked)]);
  if (l.sickLeaveFirstSixMonths !== null) items.push(['Sick leave so far (first 6 months)', days(l.sickLeaveFirstSixMonths)]);
  if (r.notice) items.push(['Minimum notice', `${r.notice.noticeWeeks} week${r.notice.noticeWeeks === 1 ? '' : 's'}`]);
  return (
    <div className="space-y-4" data-testid="leave-result">
      <Headline
        label="Annual leave (working days a 12-month cycle)"
        value={days(l.annualLeaveDays)}
        sub={`on a ${l.daysPerWeek}-day week`}
      />
      <Stats items={items} />
      <Working lines={[...l.working, ...(r.notice?.working ?? [])]} />
    </div>
  );
}

function OvertimeResult({ r }: { r: CalcResults['overtime'] }) {
  return (
    <div className="space-y-4" data-testid="overtime-result">
      <Headline label="Total extra pay" value={money(r.total)} />
      <Stats
        items={[
          ['Overtime', money(r.overtimePay)],
          ['Sunday', money(r.sundayPay)],
          ['Public holiday', money(r.publicHolidayPay)],
          ['BCEA threshold a month', money(r.thresholdMonthly)],
        ]}
      />
      {r.warnings.length > 0 && (
        <ul className="space-y-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {r.warnings.map((w, i) => (
            <li key={i}>{w}</li>
          ))}
        </ul>
      )}
      <Working lines={r.working} />
    </div>
  );
}
