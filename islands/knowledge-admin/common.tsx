import { useId, useRef, useState, type ReactNode } from 'react';
import { MISSING_CATEGORY_FIELDS, MISSING_ITEM_FIELDS, type CategoryDTO } from '../../src/knowledge/schemas';
import { errorMessage } from '../api';
import { toast, type ToastInput } from '../toast';

// Small parts shared by the knowledge admin island's files.

export type AdminCategory = CategoryDTO;

export const fail = (err: unknown, fallback = 'An error occurred. Please try again.') =>
  toast({ title: 'Error', description: errorMessage(err, fallback), variant: 'destructive' });

/** A save or a delete, as `send` makes it. */
export interface Change {
  /** Asked first with window.confirm: Cancel sends nothing. */
  ask?: string;
  /** The request, or the requests, to make: `() => call(API.…)`. */
  request: () => Promise<unknown>;
  /** The toast once it is done. */
  done: ToastInput;
  /** What follows (closing a form, loading the list again), after the toast. */
  then?: () => Promise<unknown> | void;
}

/**
 * `busy` while an action runs; a failure becomes the spec's 'Error' toast with the server's message. `run` runs
 * an action; `send` makes a save or a delete: asks first when there is a question, sends the request, says it
 * is done, then does what follows.
 */
export function useBusy() {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };
  const send = async ({ ask, request, done, then }: Change) => {
    if (ask && !window.confirm(ask)) return;
    await run(async () => {
      await request();
      toast(done);
      await then?.();
    });
  };
  return [busy, run, send] as const;
}

/**
 * Loads where the last one asked for wins: `load(fetch, use)` hands `use` the answer unless another load has
 * begun since; `loading` while the last one runs; its failure is the 'Error' toast.
 */
export function useLatest() {
  const [loading, setLoading] = useState(false);
  const request = useRef(0);
  const load = async <T,>(fetch: () => Promise<T>, use: (answer: T) => void) => {
    const mine = ++request.current;
    setLoading(true);
    try {
      const answer = await fetch();
      if (mine !== request.current) return;
      use(answer);
    } catch (err) {
      if (mine === request.current) fail(err);
    } finally {
      if (mine === request.current) setLoading(false);
    }
  };
  return [loading, load] as const;
}

/** Checks a form with the API's own schema: the spec's 'Missing Information' toast, or 'Error' with the rule broken. */
export function check<T>(result: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } }): T | null {
  if (result.success) return result.data;
  const messages = result.error.issues.map((i) => i.message);
  const missingText = messages.find((m) => m === MISSING_CATEGORY_FIELDS || m === MISSING_ITEM_FIELDS);
  if (missingText) toast({ title: 'Missing Information', description: missingText, variant: 'destructive' });
  else toast({ title: 'Error', description: messages[0] ?? 'Please check the form.', variant: 'destructive' });
  return null;
}

export function TextArea({
  label,
  hint,
  value,
  onChange,
  rows = 4,
  name,
}: {
  label: ReactNode;
  hint?: ReactNode;
  value: string;
  onChange: (v: string) => void;
  rows?: number;
  name?: string;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="label">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={rows}
        className="w-full rounded-md border border-border bg-white px-3 py-2 text-sm placeholder:text-slate-400"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}

export function CategorySelect({
  label,
  value,
  onChange,
  categories,
  placeholder,
  name,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  categories: AdminCategory[];
  placeholder: string;
  name?: string;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select id={id} name={name} className="input" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{placeholder}</option>
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}

export function Chip({ children, onRemove, removeLabel }: { children: ReactNode; onRemove?: () => void; removeLabel?: string }) {
  return (
    <li className="badge gap-1 bg-muted font-medium text-slate-700">
      <span className="break-all">{children}</span>
      {onRemove && (
        <button
          type="button"
          onClick={onRemove}
          aria-label={removeLabel}
          className="-mr-1 rounded-full px-1 leading-none text-slate-500 hover:bg-slate-200 hover:text-foreground"
        >
          ×
        </button>
      )}
    </li>
  );
}
