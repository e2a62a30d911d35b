// The /clients screen: the list of a user's client companies and the one form that adds or edits one. Long
// because the form is long (registration numbers, payroll, pay day, sector); its rules (formOf, bodyOf) are
// plain functions above the component.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
// Types only: the schema module's values would bring zod into this bundle.
import type { ClientDTO } from '../src/schemas/clients';
import { Amounts } from './amounts';
import { ApiError, call, errorMessage } from './api';
import { API } from './endpoints';
import { parseRands, rands } from './rands';
import { toast } from './toast';

// Client companies (issue 27): the employers a bookkeeper keeps the payroll of. List, add, edit, delete through
// /api/clients; the API's field errors are shown beside their field and the first one takes the focus.

type Frequency = ClientDTO['payFrequency'];
type PayrollChoice = 'amount' | 'under' | 'unknown';
interface Form {
  name: string;
  payeRegistered: boolean;
  uifRegistered: boolean;
  sdlRegistered: boolean;
  payroll: PayrollChoice;
  annualPayroll: string;
  payFrequency: Frequency;
  /** '' (not set), a day of the month as typed, 'last', or a weekday. */
  payDay: string;
  sector: string;
  bargainingCouncil: string;
  etiEligible: boolean;
  specialEconomicZone: boolean;
}
/** Where an error is shown: one of the form's fields, or the form as a whole. */
type ErrorKey = 'name' | 'payroll' | 'payDay' | 'sector' | 'bargainingCouncil' | 'form';
type Errors = Partial<Record<ErrorKey, string>>;

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const FREQUENCIES: [Frequency, string][] = [
  ['monthly', 'Monthly'],
  ['fortnightly', 'Fortnightly'],
  ['weekly', 'Weekly'],
];
const EMPTY: Form = {
  name: '',
  payeRegistered: true,
  uifRegistered: true,
  sdlRegistered: true,
  payroll: 'unknown',
  annualPayroll: '',
  payFrequency: 'monthly',
  payDay: '',
  sector: '',
  bargainingCouncil: '',
  etiEligible: false,
  specialEconomicZone: false,
};
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const isWeekday = (s: string) => (WEEKDAYS as readonly string[]).includes(s);

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** "Weekly, paid on Fridays · No SDL: payroll under R500 000 · ETI-eligible" */
export function summary(c: ClientDTO): string {
  const freq = capital(c.payFrequency);
  const pay =
    c.payDay === null
      ? `${freq}, pay day not set`
      : c.payDay === 'last'
        ? `${freq}, paid on the last business day`
        : typeof c.payDay === 'number'
          ? `${freq}, paid on the ${ordinal(c.payDay)}`
          : `${freq}, paid on ${capital(c.payDay)}s`;
  const sdl = !c.sdlRegistered
    ? 'Not registered for SDL'
    : c.payrollUnder500k
      ? 'No SDL: payroll under R500 000'
      : c.annualPayroll !== null && c.annualPayroll <= 500_000
        ? `No SDL: payroll ${rands(c.annualPayroll)}`
        : c.annualPayroll !== null
          ? `SDL: payroll ${rands(c.annualPayroll)}`
          : 'SDL registered';
  const parts = [pay, sdl];
  if (c.etiEligible) parts.push('ETI-eligible');
  if (c.specialEconomicZone) parts.push('SEZ');
  if (c.bargainingCouncil) parts.push(`Council: ${c.bargainingCouncil}`);
  else if (c.sector) parts.push(c.sector);
  return parts.join(' · ');
}

function formOf(c: ClientDTO): Form {
  return {
    name: c.name,
    payeRegistered: c.payeRegistered,
    uifRegistered: c.uifRegistered,
    sdlRegistered: c.sdlRegistered,
    payroll: c.annualPayroll !== null ? 'amount' : c.payrollUnder500k ? 'under' : 'unknown',
    annualPayroll: c.annualPayroll !== null ? rands(c.annualPayroll).slice(1) : '',
    payFrequency: c.payFrequency,
    payDay: c.payDay === null ? '' : String(c.payDay),
    sector: c.sector ?? '',
    bargainingCouncil: c.bargainingCouncil ?? '',
    etiEligible: c.etiEligible,
    specialEconomicZone: c.specialEconomicZone,
  };
}

/** The API's body from the form, or the errors that keep it from being sent. */
function bodyOf(f: Form): { body?: Record<string, unknown>; errors: Errors } {
  const errors: Errors = {};
  if (!f.name.trim()) errors.name = 'Enter the company’s name';
  let annualPayroll: number | null = null;
  if (f.payroll === 'amount') {
    annualPayroll = parseRands(f.annualPayroll);
    if (!f.annualPayroll.trim()) errors.payroll = 'Enter the annual payroll in rands, or choose another option';
    else if (Number.isNaN(annualPayroll) || annualPayroll < 0) errors.payroll = 'Enter the annual payroll in rands, for example 1 200 000';
  }
  let payDay: number | string | null = null;
  const day = f.payDay.trim();
  if (day) {
    if (f.payFrequency === 'monthly' && day !== 'last') {
      // The range is the API's to check; anything but a whole number is refused here.
      if (/^\d{1,3}$/.test(day)) payDay = Number(day);
      else errors.payDay = 'Enter the day of the month staff are paid (1–31)';
    } else payDay = day;
  }
  if (Object.keys(errors).length) return { errors };
  const optional = (s: string) => (s.trim() ? s.trim() : null);
  return {
    errors,
    body: {
      name: f.name.trim(),
      payeRegistered: f.payeRegistered,
      uifRegistered: f.uifRegistered,
      sdlRegistered: f.sdlRegistered,
      annualPayroll,
      payrollUnder500k: f.payroll === 'under',
      payFrequency: f.payFrequency,
      payDay,
      sector: optional(f.sector),
      bargainingCouncil: optional(f.bargainingCouncil),
      etiEligible: f.etiEligible,
      specialEconomicZone: f.specialEconomicZone,
    },
  };
}

/** The API's `field` as the place in this form where its message belongs. */
function keyOf(field: string | undefined): ErrorKey {
  if (field === 'annualPayroll' || field === 'payrollUnder500k') return 'payroll';
  if (field === 'name' || field === 'payDay' || field === 'sector' || field === 'bargainingCouncil') return field;
  return 'form';
}

function FieldError({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} className="field-error">
      {text}
    </p>
  ) : null;
}

function Check({ checked, onChange, children }: { checked: boolean; onChange: (v: boolean) => void; children: ReactNode }) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input type="checkbox" className="mt-0.5 h-4 w-4 shrink-0" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>{children}</span>
    </label>
  );
}

export default function Clients() {
  const id = useId();
  const [clients, setClients] = useState<ClientDTO[] | null>(null);
  const [loadError, setLoadError] = useState('');
  const [form, setForm] = useState<Form>(EMPTY);
  const [editing, setEditing] = useState<ClientDTO | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  /** The element that takes the focus once the list shows the change just made (the saved client's Edit button). */
  const [focusTo, setFocusTo] = useState('');
  useEffect(() => {
    if (!focusTo || !clients) return;
    const el = document.getElementById(focusTo);
    if (!el) return; // not in the list yet: the next list
    el.focus();
    setFocusTo('');
  }, [clients, focusTo]);
  /** Counts the times errors were shown, so each time moves the focus to the first. */
  const [shown, setShown] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const load = () =>
    call(API.clients).then(
      (list) => {
        setClients(list);
        setLoadError('');
      },
      (err) => setLoadError(errorMessage(err, 'Your clients could not be loaded')),
    );
  useEffect(() => void load(), []);

  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));
  function setFrequency(payFrequency: Frequency) {
    setForm((f) => {
      // A pay day that does not fit the new frequency (the 25th for a weekly payroll) is cleared, not kept hidden.
      const fits = f.payDay === '' || (payFrequency === 'monthly' ? !isWeekday(f.payDay) : isWeekday(f.payDay));
      return { ...f, payFrequency, payDay: fits ? f.payDay : '' };
    });
    setErrors((e) => ({ ...e, payDay: undefined }));
  }

  function showErrors(next: Errors) {
    setErrors(next);
    setShown((n) => n + 1);
  }
  useEffect(() => {
    if (!shown) return;
    // Once the errors are on screen: the first invalid control in the form's order takes the focus.
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (first ?? formRef.current?.querySelector<HTMLElement>('[data-form-error]'))?.focus();
  }, [shown]);

  function startEdit(c: ClientDTO) {
    setEditing(c);
    setForm(formOf(c));
    setErrors({});
    setStatus('');
    requestAnimationFrame(() => {
      headingRef.current?.scrollIntoView({ block: 'start' });
      formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
    });
  }
  function reset() {
    setEditing(null);
    setForm(EMPTY);
    setErrors({});
  }
  function cancelEdit() {
    const was = editing;
    reset();
    if (was) requestAnimationFrame(() => document.getElementById(`${id}-edit-${was.id}`)?.focus());
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const { body, errors: local } = bodyOf(form);
    if (!body) return showErrors(local);
    setBusy(true);
    setErrors({});
    try {
      const saved = editing ? await call(API.updateClient, { params: { id: editing.id }, body }) : await call(API.createClient, { body });
      const message = editing ? `${saved.name} was saved.` : `${saved.name} was added.`;
      toast({ title: editing ? 'Client Saved' : 'Client Added', description: message });
      setStatus(message);
      reset();
      setFocusTo(`${id}-edit-${saved.id}`);
      await load();
    } catch (err) {
      const field = err instanceof ApiError ? fieldOf(err) : undefined;
      showErrors({ [keyOf(field)]: errorMessage(err, 'The client could not be saved') });
    } finally {
      setBusy(false);
    }
  }

  async function remove(c: ClientDTO) {
    if (!window.confirm(`Delete ${c.name}? Its conversations are kept, no longer tied to it. This cannot be undone.`)) return;
    try {
      await call(API.deleteClient, { params: { id: c.id } });
      toast({ title: 'Client Deleted', description: `${c.name} was deleted. Its conversations are kept.` });
      setStatus(`${c.name} was deleted.`);
      if (editing?.id === c.id) reset();
      setFocusTo(`${id}-list`);
      await load();
    } catch (err) {
      toast({ title: 'Delete Failed', description: errorMessage(err, 'The client could not be deleted'), variant: 'destructive' });
    }
  }

  const invalid = (k: ErrorKey) => (errors[k] ? true : undefined);
  const describedBy = (k: ErrorKey, hint?: string) =>
    [errors[k] ? `${id}-${k}-err` : '', hint ?? ''].filter(Boolean).join(' ') || undefined;
  const monthly = form.payFrequency === 'monthly';

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
      <section className="card min-w-0 space-y-3 p-4 sm:p-5" aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`} tabIndex={-1} className="text-lg font-semibold outline-none">
          Your clients
        </h2>
        {loadError && (
          <p className="field-error" role="alert">
            {loadError}
          </p>
        )}
        {clients === null && !loadError && <p className="text-sm text-muted-foreground">Loading…</p>}
        {clients?.length === 0 && <p className="text-sm text-muted-foreground">No clients yet. Add the first one with the form.</p>}
        {clients && clients.length > 0 && (
          <ul className="divide-y divide-border" data-testid="client-list">
            {clients.map((c) => (
              <li key={c.id} className="flex flex-wrap items-start justify-between gap-2 py-3" data-testid="client">
                <div className="min-w-0 flex-1 basis-48">
                  <p className="font-medium break-words">{c.name}</p>
                  <p className="text-sm text-muted-foreground break-words" data-testid="client-summary">
                    <Amounts text={summary(c)} />
                  </p>
                </div>
                <div className="flex shrink-0 gap-2">
                  <button
                    id={`${id}-edit-${c.id}`}
                    type="button"
                    className="btn btn-outline btn-sm"
                    onClick={() => startEdit(c)}
                    aria-label={`Edit ${c.name}`}
                  >
                    Edit
                  </button>
                  <button type="button" className="btn btn-outline btn-sm" onClick={() => void remove(c)} aria-label={`Delete ${c.name}`}>
                    Delete
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <p className="sr-only" role="status" aria-live="polite">
          {status}
        </p>
      </section>

      <form
        ref={formRef}
        onSubmit={submit}
        className="card min-w-0 space-y-5 p-4 sm:p-5"
        aria-labelledby={`${id}-form`}
        noValidate
        data-testid="client-form"
      >
        <h2 id={`${id}-form`} ref={headingRef} tabIndex={-1} className="scroll-mt-20 text-lg font-semibold break-words outline-none">
          {editing ? `Edit ${editing.name}` : 'Add a client'}
        </h2>
        {errors.form && (
          <p className="field-error" role="alert" tabIndex={-1} data-form-error>
            {errors.form}
          </p>
        )}

        <div className="space-y-1.5">
          <label htmlFor={`${id}-name`} className="label">
            Company name
          </label>
          <input
            id={`${id}-name`}
            className="input"
            value={form.name}
            maxLength={120}
            autoComplete="organization"
            aria-invalid={invalid('name')}
            aria-describedby={describedBy('name')}
            onChange={(e) => set('name', e.target.value)}
          />
          <FieldError id={`${id}-name-err`} text={errors.name} />
        </div>

        <fieldset className="space-y-2">
          <legend className="label mb-2">Registered with SARS for</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            <Check checked={form.payeRegistered} onChange={(v) => set('payeRegistered', v)}>
              PAYE
            </Check>
            <Check checked={form.uifRegistered} onChange={(v) => set('uifRegistered', v)}>
              UIF
            </Check>
            <Check checked={form.sdlRegistered} onChange={(v) => set('sdlRegistered', v)}>
              SDL
            </Check>
          </div>
        </fieldset>

        <fieldset className="space-y-2" aria-describedby={describedBy('payroll', `${id}-payroll-hint`)}>
          <legend className="label mb-1">Annual payroll</legend>
          <p id={`${id}-payroll-hint`} className="text-xs text-muted-foreground">
            Decides SDL: an employer whose payroll is <Amounts text="R500 000" /> a year or less does not pay it.
          </p>
          <div className="space-y-2">
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-payroll`}
                className="h-4 w-4"
                checked={form.payroll === 'amount'}
                aria-invalid={form.payroll !== 'amount' ? invalid('payroll') : undefined}
                onChange={() => set('payroll', 'amount')}
              />
              Annual payroll of
            </label>
            {form.payroll === 'amount' && (
              <div className="ml-6 space-y-1.5">
                <label htmlFor={`${id}-amount`} className="label">
                  Annual payroll in rands
                </label>
                <div className="flex items-center gap-1">
                  <span aria-hidden="true" className="text-sm">
                    R
                  </span>
                  <input
                    id={`${id}-amount`}
                    className="input tabular-nums"
                    inputMode="decimal"
                    placeholder="1 200 000"
                    value={form.annualPayroll}
                    aria-invalid={invalid('payroll')}
                    aria-describedby={describedBy('payroll')}
                    onChange={(e) => set('annualPayroll', e.target.value)}
                  />
                </div>
              </div>
            )}
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-payroll`}
                className="h-4 w-4"
                checked={form.payroll === 'under'}
                onChange={() => set('payroll', 'under')}
              />
              Under R500 000
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-payroll`}
                className="h-4 w-4"
                checked={form.payroll === 'unknown'}
                onChange={() => set('payroll', 'unknown')}
              />
              Not stated
            </label>
          </div>
          <FieldError id={`${id}-payroll-err`} text={errors.payroll} />
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1.5">
            <label htmlFor={`${id}-freq`} className="label">
              Pay frequency
            </label>
            <select
              id={`${id}-freq`}
              className="input"
              value={form.payFrequency}
              onChange={(e) => setFrequency(e.target.value as Frequency)}
            >
              {FREQUENCIES.map(([v, name]) => (
                <option key={v} value={v}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1.5">
            {monthly ? (
              <>
                <label htmlFor={`${id}-payday`} className="label">
                  Pay day (day of the month)
                </label>
                <input
                  id={`${id}-payday`}
                  className="input"
                  inputMode="numeric"
                  placeholder="25"
                  value={form.payDay === 'last' ? '' : form.payDay}
                  disabled={form.payDay === 'last'}
                  aria-invalid={invalid('payDay')}
                  aria-describedby={describedBy('payDay')}
                  onChange={(e) => set('payDay', e.target.value)}
                />
                <FieldError id={`${id}-payDay-err`} text={errors.payDay} />
                <Check checked={form.payDay === 'last'} onChange={(v) => set('payDay', v ? 'last' : '')}>
                  Last business day of the month
                </Check>
              </>
            ) : (
              <>
                <label htmlFor={`${id}-payday`} className="label">
                  Pay day
                </label>
                <select
                  id={`${id}-payday`}
                  className="input"
                  value={form.payDay}
                  aria-invalid={invalid('payDay')}
                  aria-describedby={describedBy('payDay')}
                  onChange={(e) => set('payDay', e.target.value)}
                >
                  <option value="">Not set</option>
                  {WEEKDAYS.map((d) => (
                    <option key={d} value={d}>
                      {capital(d)}
                    </option>
                  ))}
                </select>
                <FieldError id={`${id}-payDay-err`} text={errors.payDay} />
              </>
            )}
          </div>
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1.5">
            <label htmlFor={`${id}-sector`} className="label">
              Sector (optional)
            </label>
            <input
              id={`${id}-sector`}
              className="input"
              value={form.sector}
              maxLength={120}
              placeholder="Retail"
              aria-invalid={invalid('sector')}
              aria-describedby={describedBy('sector')}
              onChange={(e) => set('sector', e.target.value)}
            />
            <FieldError id={`${id}-sector-err`} text={errors.sector} />
          </div>
          <div className="space-y-1.5">
            <label htmlFor={`${id}-council`} className="label">
              Bargaining council (optional)
            </label>
            <input
              id={`${id}-council`}
              className="input"
              value={form.bargainingCouncil}
              maxLength={120}
              placeholder="MIBCO"
              aria-invalid={invalid('bargainingCouncil')}
              aria-describedby={describedBy('bargainingCouncil')}
              onChange={(e) => set('bargainingCouncil', e.target.value)}
            />
            <FieldError id={`${id}-bargainingCouncil-err`} text={errors.bargainingCouncil} />
          </div>
        </div>

        <fieldset className="space-y-2">
          <legend className="label mb-2">Incentives</legend>
          <Check checked={form.etiEligible} onChange={(v) => set('etiEligible', v)}>
            ETI-eligible employer (may claim the Employment Tax Incentive)
          </Check>
          <Check checked={form.specialEconomicZone} onChange={(v) => set('specialEconomicZone', v)}>
            Operates in a special economic zone (SEZ)
          </Check>
        </fieldset>

        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving…' : editing ? 'Save changes' : 'Add client'}
          </button>
          {editing && (
            <button type="button" className="btn btn-outline" onClick={cancelEdit}>
              Cancel
            </button>
          )}
        </div>
      </form>
    </div>
  );
}

/** The `field` of a 400 answer's body, when it names one. */
function fieldOf(err: ApiError): string | undefined {
  try {
    const f = JSON.parse(err.body).field;
    return typeof f === 'string' ? f : undefined;
  } catch {
    return undefined;
  }
}
