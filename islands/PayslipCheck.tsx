// The /payslips screen in one island: the pasted or uploaded slip, its reading (always shown and editable), the
// findings and the saved checks share one state, so they stay one component; the pieces that stand alone
// (AmountInput, Findings) are functions of their own.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { formatRand } from '../src/payroll/money';
import type { ReadPayslipDTO } from '../src/schemas/payslips';
import { ApiError, call, errorMessage } from './api';
import { API, type PayslipCheckAnswer, type SavedPayslipCheck } from './endpoints';
import { parseRands } from './rands';
import { toast } from './toast';

// The payslip checker (issue 26): paste or upload a payslip, correct what was read, see each wrong figure and why.
// The reading is always shown and editable, so a misread is fixed by the user and never silently used.

type Facts = { age: string; medicalMembers: string; travelMostlyBusiness: boolean; sdlExempt: boolean };
type Section = 'earnings' | 'deductions' | 'employer';

const KINDS: Record<Section, [string, string][]> = {
  earnings: [
    ['basic', 'Basic salary or wage'],
    ['overtime', 'Overtime'],
    ['commission', 'Commission'],
    ['bonus', 'Bonus'],
    ['travel', 'Travel allowance'],
    ['allowance', 'Other allowance'],
  ],
  deductions: [
    ['paye', 'PAYE'],
    ['uif', 'UIF'],
    ['retirement', 'Pension / provident / RA'],
    ['medical', 'Medical aid'],
    ['other', 'Other'],
  ],
  employer: [
    ['uif', 'UIF (employer)'],
    ['sdl', 'SDL'],
    ['retirement', 'Retirement fund'],
    ['medical', 'Medical aid'],
    ['other', 'Other'],
  ],
};
const SECTION_NAMES: Record<Section, string> = { earnings: 'Earnings', deductions: 'Deductions', employer: 'Employer contributions' };
const rand = (v: number) => formatRand(Math.round(v * 100));
const factsBody = (f: Facts) => ({
  ...(f.age.trim() ? { age: Number(f.age) } : {}),
  ...(f.medicalMembers.trim() ? { medicalMembers: Number(f.medicalMembers) } : {}),
  travelMostlyBusiness: f.travelMostlyBusiness,
  sdlExempt: f.sdlExempt,
});
/** An amount field that keeps what the user types ("3381." on the way to "3381.50") and reports numbers only. */
function AmountInput({
  value,
  onValue,
  ...rest
}: {
  value: number | null;
  onValue: (v: number | null) => void;
  id?: string;
  'aria-label'?: string;
}) {
  const [text, setText] = useState(value === null ? '' : String(value));
  const [bad, setBad] = useState(false);
  useEffect(() => {
    // A new reading (or a removed row above) replaces the text, unless it already says this value.
    const empty = text.trim() === '';
    if (empty ? value !== null && value !== 0 : parseRands(text) !== value) setText(value === null ? '' : String(value));
  }, [value]);
  return (
    <input
      {...rest}
      className="input tabular-nums"
      inputMode="decimal"
      value={text}
      aria-invalid={bad || undefined}
      onChange={(e) => {
        setText(e.target.value);
        const v = e.target.value.trim() === '' ? null : parseRands(e.target.value);
        setBad(v !== null && Number.isNaN(v));
        if (v === null || !Number.isNaN(v)) onValue(v);
      }}
    />
  );
}

export default function PayslipCheck() {
  const id = useId();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [facts, setFacts] = useState<Facts>({ age: '', medicalMembers: '', travelMostlyBusiness: false, sdlExempt: false });
  const [read, setRead] = useState<ReadPayslipDTO | null>(null);
  const [answer, setAnswer] = useState<PayslipCheckAnswer | null>(null);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [label, setLabel] = useState('');
  const [saved, setSaved] = useState<SavedPayslipCheck[]>([]);
  const results = useRef<HTMLDivElement>(null);

  const loadSaved = () => call(API.payslipChecks).then(setSaved, () => undefined);
  useEffect(() => void loadSaved(), []);

  async function run(body: object | FormData) {
    setBusy(true);
    setProblem('');
    try {
      const a = await call(API.checkPayslip, { body });
      setRead(a.read);
      setAnswer(a);
      requestAnimationFrame(() => results.current?.focus());
    } catch (err) {
      setAnswer(null);
      // A reading the engine cannot check yet (no pay date, no earnings) still comes back, for the user to complete.
      if (err instanceof ApiError && err.status === 422) {
        try {
          const b = JSON.parse(err.body);
          if (b.read) setRead(b.read);
        } catch {
          /* not JSON */
        }
      }
      setProblem(errorMessage(err, 'The payslip could not be checked'));
    } finally {
      setBusy(false);
    }
  }

  function readAndCheck(e: FormEvent) {
    e.preventDefault();
    if (file) {
      const fd = new FormData();
      fd.append('file', file);
      fd.append('facts', JSON.stringify(factsBody(facts)));
      return void run(fd);
    }
    if (!text.trim()) return setProblem("Paste the payslip's text or choose its PDF.");
    void run({ text, facts: factsBody(facts) });
  }
  const checkAgain = (e: FormEvent) => {
    e.preventDefault();
    if (read) void run({ read, facts: factsBody(facts) });
  };
  async function save() {
    if (!read) return;
    try {
      await call(API.savePayslipCheck, { body: { read, facts: factsBody(facts), ...(label.trim() ? { label: label.trim() } : {}) } });
      toast({ title: 'Check Saved', description: 'The check is kept under Saved checks. The payslip itself is not stored.' });
      setLabel('');
      await loadSaved();
    } catch (err) {
      toast({ title: 'Save Failed', description: errorMessage(err, 'The check could not be saved'), variant: 'destructive' });
    }
  }
  /** A saved check back in the form and the results, to read again or to correct and check again. */
  function openSaved(s: SavedPayslipCheck) {
    const f = s.facts;
    setFacts({
      age: typeof f.age === 'number' ? String(f.age) : '',
      medicalMembers: typeof f.medicalMembers === 'number' ? String(f.medicalMembers) : '',
      travelMostlyBusiness: f.travelMostlyBusiness === true,
      sdlExempt: f.sdlExempt === true,
    });
    setRead(s.read);
    setAnswer({ ...s.result, read: s.read });
    setProblem('');
    requestAnimationFrame(() => results.current?.focus());
  }
  async function remove(s: SavedPayslipCheck) {
    if (!window.confirm(`Delete the saved check "${s.label}"?`)) return;
    try {
      await call(API.deletePayslipCheck, { params: { id: s.id } });
      toast({ title: 'Check Deleted', description: `${s.label} was deleted.` });
      await loadSaved();
    } catch (err) {
      toast({ title: 'Delete Failed', description: errorMessage(err, 'The check could not be deleted'), variant: 'destructive' });
    }
  }

  const setLine = (section: Section, i: number, patch: Partial<{ label: string; kind: string; amount: number }>) =>
    setRead((r) => (r ? { ...r, [section]: r[section].map((l, j) => (j === i ? { ...l, ...patch } : l)) } : r));
  const addLine = (section: Section) =>
    setRead((r) => (r ? { ...r, [section]: [...r[section], { label: '', kind: KINDS[section][0][0], amount: 0 }] } : r));
  const removeLine = (section: Section, i: number) => setRead((r) => (r ? { ...r, [section]: r[section].filter((_, j) => j !== i) } : r));

  return (
    <div className="space-y-6">
      <form onSubmit={readAndCheck} className="card space-y-4 p-5" aria-labelledby={`${id}-title`} noValidate>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          Check a payslip
        </h2>
        <p className="text-sm text-muted-foreground">
          Paste the payslip&apos;s text or upload its PDF (a text-based PDF, up to 10 MB). It is read in memory and not stored unless you
          save the check.
        </p>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-text`} className="label">
            Payslip text
          </label>
          <textarea
            id={`${id}-text`}
            className="input min-h-40 font-mono text-xs"
            value={text}
            onChange={(e) => setText(e.target.value)}
            disabled={!!file}
            spellCheck={false}
          />
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-file`} className="label">
            Or the payslip PDF
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".pdf,.txt"
            className="input"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="label mb-2">What the payslip does not say</legend>
          <div className="space-y-1.5">
            <label htmlFor={`${id}-age`} className="label">
              Employee&apos;s age
            </label>
            <input
              id={`${id}-age`}
              className="input"
              inputMode="numeric"
              placeholder="under 65"
              value={facts.age}
              onChange={(e) => setFacts({ ...facts, age: e.target.value })}
            />
          </div>
          <div className="space-y-1.5">
            <label htmlFor={`${id}-med`} className="label">
              People on the medical scheme
            </label>
            <input
              id={`${id}-med`}
              className="input"
              inputMode="numeric"
              placeholder="0"
              value={facts.medicalMembers}
              onChange={(e) => setFacts({ ...facts, medicalMembers: e.target.value })}
            />
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={facts.travelMostlyBusiness}
              onChange={(e) => setFacts({ ...facts, travelMostlyBusiness: e.target.checked })}
            />{' '}
            Travel at least 80% for business
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={facts.sdlExempt} onChange={(e) => setFacts({ ...facts, sdlExempt: e.target.checked })} />{' '}
            Employer exempt from SDL
          </label>
        </fieldset>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Checking…' : 'Read and check'}
        </button>
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
      </form>

      {read && (
        <form onSubmit={checkAgain} className="card space-y-4 p-5" aria-labelledby={`${id}-read`} data-testid="payslip-reading">
          <h2 id={`${id}-read`} className="text-lg font-semibold">
            What was read
          </h2>
          <p className="text-sm text-muted-foreground">Correct anything misread, then check again.</p>
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="space-y-1.5">
              <label htmlFor={`${id}-date`} className="label">
                Pay date
              </label>
              <input
                id={`${id}-date`}
                type="date"
                className="input"
                value={read.payDate ?? ''}
                aria-describedby={read.payDateAssumed ? `${id}-date-note` : undefined}
                onChange={(e) => setRead({ ...read, payDate: e.target.value || null, payDateAssumed: false })}
              />
              {read.payDateAssumed && (
                <p id={`${id}-date-note`} className="field-error" role="alert">
                  The payslip does not name its pay date: this one was taken from its period. Check it, as it decides the tax year.
                </p>
              )}
            </div>
            <div className="space-y-1.5">
              <label htmlFor={`${id}-period`} className="label">
                Pay period
              </label>
              <select
                id={`${id}-period`}
                className="input"
                value={read.period}
                onChange={(e) => setRead({ ...read, period: e.target.value as ReadPayslipDTO['period'], periodAssumed: false })}
              >
                <option value="monthly">Monthly</option>
                <option value="fortnightly">Fortnightly</option>
                <option value="weekly">Weekly</option>
              </select>
            </div>
          </div>
          {(Object.keys(KINDS) as Section[]).map((section) => (
            <fieldset key={section} className="space-y-2">
              <legend className="font-medium">{SECTION_NAMES[section]}</legend>
              {read[section].map((l, i) => (
                <div key={i} className="grid grid-cols-[1fr_6.5rem_auto] gap-2 sm:grid-cols-[2fr_1.5fr_1fr_auto]">
                  <input
                    aria-label={`${SECTION_NAMES[section]} ${i + 1}: label`}
                    className="input col-span-3 sm:col-span-1"
                    value={l.label}
                    onChange={(e) => setLine(section, i, { label: e.target.value })}
                  />
                  <select
                    aria-label={`${SECTION_NAMES[section]} ${i + 1}: kind`}
                    className="input"
                    value={l.kind}
                    onChange={(e) => setLine(section, i, { kind: e.target.value })}
                  >
                    {KINDS[section].map(([k, name]) => (
                      <option key={k} value={k}>
                        {name}
                      </option>
                    ))}
                  </select>
                  <AmountInput
                    aria-label={`${SECTION_NAMES[section]} ${i + 1}: amount in rand`}
                    value={l.amount}
                    onValue={(v) => setLine(section, i, { amount: v ?? 0 })}
                  />
                  <button
                    type="button"
                    className="btn btn-outline btn-sm px-2"
                    onClick={() => removeLine(section, i)}
                    aria-label={`Remove ${l.label || `line ${i + 1}`}`}
                    title="Remove"
                  >
                    ✕
                  </button>
                </div>
              ))}
              <button type="button" className="btn btn-outline btn-sm" onClick={() => addLine(section)}>
                Add a line
              </button>
            </fieldset>
          ))}
          <div className="grid gap-3 sm:grid-cols-3">
            {(['gross', 'totalDeductions', 'net'] as const).map((k) => (
              <div key={k} className="space-y-1.5">
                <label htmlFor={`${id}-${k}`} className="label">
                  {{ gross: 'Gross pay', totalDeductions: 'Total deductions', net: 'Net pay' }[k]}
                </label>
                <AmountInput id={`${id}-${k}`} value={read[k]} onValue={(v) => setRead({ ...read, [k]: v })} />
              </div>
            ))}
          </div>
          {read.unread.length > 0 && (
            <div className="text-sm">
              <p className="font-medium">Lines with amounts that were not used:</p>
              <ul className="list-disc pl-5 font-mono text-xs">
                {read.unread.map((u, i) => (
                  <li key={i}>{u}</li>
                ))}
              </ul>
            </div>
          )}
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Checking…' : 'Check again'}
          </button>
        </form>
      )}

      <div ref={results} tabIndex={-1} aria-live="polite" className="outline-none">
        {answer && <Findings answer={answer} label={label} onLabel={setLabel} onSave={save} />}
      </div>

      <section className="card space-y-3 p-5" aria-labelledby={`${id}-saved`}>
        <h2 id={`${id}-saved`} className="text-lg font-semibold">
          Saved checks
        </h2>
        {saved.length === 0 ? (
          <p className="text-sm text-muted-foreground">No saved checks yet.</p>
        ) : (
          <ul className="divide-y">
            {saved.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="saved-check">
                <span>
                  <span className="font-medium">{s.label}</span>{' '}
                  <span className="text-sm text-muted-foreground">
                    paid {s.payDate} ·{' '}
                    {s.result.findings.length === 0
                      ? 'no differences'
                      : `${s.result.findings.length} ${s.result.findings.length === 1 ? 'difference' : 'differences'}`}
                  </span>
                </span>
                <span className="flex gap-2">
                  <button type="button" className="btn btn-outline btn-sm" onClick={() => openSaved(s)} aria-label={`Open ${s.label}`}>
                    Open
                  </button>
                  <button type="button" className="btn btn-outline btn-sm" onClick={() => void remove(s)} aria-label={`Delete ${s.label}`}>
                    Delete
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function Findings({
  answer,
  label,
  onLabel,
  onSave,
}: {
  answer: PayslipCheckAnswer;
  label: string;
  onLabel: (s: string) => void;
  onSave: () => void;
}) {
  const id = useId();
  return (
    <section className="card space-y-4 p-5" aria-labelledby={`${id}-h`} data-testid="payslip-findings">
      <h2 id={`${id}-h`} className="text-lg font-semibold">
        {answer.findings.length === 0
          ? 'Every figure checked matches'
          : `${answer.findings.length} ${answer.findings.length === 1 ? 'figure differs' : 'figures differ'}`}
      </h2>
      <div className="overflow-x-auto">
        <table className="w-full text-xs sm:text-sm">
          <thead>
            <tr className="text-left">
              <th scope="col" className="py-1 pr-3">
                Item
              </th>
              <th scope="col" className="py-1 pr-2 text-right">
                On the payslip
              </th>
              <th scope="col" className="py-1 pr-2 text-right">
                Expected
              </th>
              <th scope="col" className="py-1 text-right">
                Difference
              </th>
            </tr>
          </thead>
          <tbody>
            {answer.checked.map((c) => (
              <tr key={c.item} className={`border-t ${c.matches ? '' : 'font-semibold text-destructive'}`}>
                <th scope="row" className="py-1 pr-2 text-left font-normal">
                  {c.label}
                </th>
                <td className="whitespace-nowrap py-1 pr-2 text-right tabular-nums">{rand(c.shown)}</td>
                <td className="whitespace-nowrap py-1 pr-2 text-right tabular-nums">{rand(c.expected)}</td>
                <td className="whitespace-nowrap py-1 text-right tabular-nums">
                  {c.matches ? 'matches' : rand(Math.round((c.shown - c.expected) * 100) / 100)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {answer.findings.map((f) => (
        <div key={f.item} className="rounded border border-destructive/40 p-3" data-testid="finding">
          <p className="font-medium">
            {f.label}: {rand(f.shown)} shown, {rand(f.expected)} expected ({f.difference > 0 ? '+' : ''}
            {rand(f.difference)})
          </p>
          <p className="text-sm">Likely reason: {f.reason}.</p>
          <details className="mt-1 text-sm">
            <summary>Working</summary>
            <ul className="list-disc pl-5">
              {f.working.map((w, i) => (
                <li key={i}>{w}</li>
              ))}
            </ul>
          </details>
        </div>
      ))}
      <div className="text-sm">
        <p className="font-medium">Assumed</p>
        <ul className="list-disc pl-5">
          {answer.assumptions.map((a) => (
            <li key={a}>{a}</li>
          ))}
        </ul>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <div className="space-y-1.5">
          <label htmlFor={`${id}-label`} className="label">
            Name for this check (optional)
          </label>
          <input id={`${id}-label`} className="input" value={label} maxLength={100} onChange={(e) => onLabel(e.target.value)} />
        </div>
        <button type="button" className="btn btn-outline" onClick={onSave}>
          Save this check
        </button>
      </div>
    </section>
  );
}
