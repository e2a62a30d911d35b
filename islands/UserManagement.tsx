// The admin's user list: search, sort, pages, and the two dialogs (make admin, extend trial). One island because
// the dialogs change rows of the list it holds; each dialog and card is a function of its own.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { BADGE_TONES, statusBadge } from '../src/billing/status';
import { formatDate } from '../src/lib/sa-time';
import {
  MAX_TRIAL_EXTENSION,
  USERS_PAGE_SIZE,
  USERS_TEXTS,
  type AdminUserDTO,
  type UsersPageDTO,
  type UsersSummaryDTO,
} from '../src/schemas/users';
import { ariaSort, nextSort, relativeTime, type SortColumn, type SortState } from '../src/users/listing';
import { call, callPage, errorMessage } from './api';
import { API } from './endpoints';
import { toast } from './toast';

export interface UserManagementProps {
  initial: UsersPageDTO;
  currentUserId: number;
  /** The server's now, so the first render matches the server's relative times. */
  now: string;
}

interface ListState {
  users: AdminUserDTO[];
  total: number;
}

type Header =
  | { id: SortColumn; label: string; numeric?: boolean; sortable: true }
  | { id: 'subscription' | 'actions'; label: string; numeric?: false; sortable: false };
// The spec's column order; five of them sort.
const HEADERS: Header[] = [
  { id: 'username', label: 'Username', sortable: true },
  { id: 'email', label: 'Email', sortable: true },
  { id: 'subscription', label: 'Subscription', sortable: false },
  { id: 'lastLoginAt', label: 'Last Login', sortable: true },
  { id: 'totalLogins', label: 'Total Logins', numeric: true, sortable: true },
  { id: 'messageCount', label: 'Messages', numeric: true, sortable: true },
  { id: 'actions', label: 'Actions', sortable: false },
];

// The Actions column sticks to the table region's right edge, with a shadow as the cue that the rest scrolls under it.
const STICKY = 'sticky right-0 bg-white shadow-[-6px_0_6px_-6px_rgb(15_23_42/0.25)]';

function listQuery(q: string, sort: SortState, page: number) {
  return { page, pageSize: USERS_PAGE_SIZE, q: q.trim(), sort: sort.column || undefined, dir: sort.column ? sort.dir : undefined };
}

/** A modal dialog that opens itself and tells its owner when it closes (Esc, Cancel or done). */
function Dialog({
  title,
  description,
  onClose,
  children,
}: {
  title: string;
  description: ReactNode;
  onClose: () => void;
  children: (close: () => void) => ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby={`${id}-t`}
      aria-describedby={`${id}-d`}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg p-6 shadow-xl backdrop:bg-black/50"
    >
      <h2 id={`${id}-t`} className="text-lg font-semibold">
        {title}
      </h2>
      <div id={`${id}-d`} className="mt-2 text-sm text-muted-foreground">
        {description}
      </div>
      {children(() => ref.current?.close())}
    </dialog>
  );
}

function AdminDialog({ user, onClose, onDone }: { user: AdminUserDTO; onClose: () => void; onDone: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const makeAdmin = !user.isAdmin;
  return (
    <Dialog
      title={makeAdmin ? 'Grant admin rights?' : 'Remove admin rights?'}
      description={
        makeAdmin
          ? `${user.username} will be able to manage users and the knowledge base.`
          : `${user.username} will no longer be able to manage users or the knowledge base.`
      }
      onClose={onClose}
    >
      {(close) => (
        <form
          className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
          onSubmit={async (e: FormEvent) => {
            e.preventDefault();
            setBusy(true);
            try {
              const r = await call(API.toggleAdmin, { params: { userId: user.id }, body: { makeAdmin } });
              close();
              toast({ title: 'Success', description: r?.message || `User ${user.username} admin status updated` });
            } catch (err) {
              close();
              toast({ title: 'Error', description: errorMessage(err, USERS_TEXTS.adminFailed), variant: 'destructive' });
            }
            await onDone();
          }}
        >
          <button type="button" className="btn btn-outline" onClick={close} autoFocus>
            Cancel
          </button>
          <button type="submit" className={makeAdmin ? 'btn btn-primary' : 'btn btn-destructive'} disabled={busy}>
            {busy ? 'Saving...' : makeAdmin ? 'Make Admin' : 'Remove Admin'}
          </button>
        </form>
      )}
    </Dialog>
  );
}

function TrialDialog({ user, onClose, onDone }: { user: AdminUserDTO; onClose: () => void; onDone: () => Promise<void> }) {
  const [days, setDays] = useState(7);
  const [busy, setBusy] = useState(false);
  const countId = useId();
  return (
    <Dialog
      title="Extend Trial"
      description={
        <>
          Extend the trial of {user.username}
          {user.trialEndDate ? `, which ends on ${formatDate(user.trialEndDate)}` : ''}. Days are added to the later of today and the
          current end.
        </>
      }
      onClose={onClose}
    >
      {(close) => (
        <form
          className="mt-4 space-y-4"
          onSubmit={async (e: FormEvent) => {
            e.preventDefault();
            setBusy(true);
            try {
              const r = await call(API.extendTrial, { params: { userId: user.id }, body: { days } });
              close();
              toast({ title: 'Success', description: r?.message || `Trial extended for user ${user.username}` });
            } catch (err) {
              close();
              toast({ title: 'Error', description: errorMessage(err, USERS_TEXTS.trialFailed), variant: 'destructive' });
            }
            await onDone();
          }}
        >
          <div className="flex items-center justify-center gap-4" role="group" aria-labelledby={countId}>
            <button
              type="button"
              className="btn btn-outline btn-sm w-10"
              aria-label="One day fewer"
              disabled={days <= 1}
              onClick={() => setDays(Math.max(1, days - 1))}
            >
              −
            </button>
            <output id={countId} className="min-w-24 text-center text-lg font-semibold" aria-live="polite">
              {days} {days === 1 ? 'day' : 'days'}
            </output>
            <button
              type="button"
              className="btn btn-outline btn-sm w-10"
              aria-label="One day more"
              disabled={days >= MAX_TRIAL_EXTENSION}
              onClick={() => setDays(Math.min(MAX_TRIAL_EXTENSION, days + 1))}
            >
              +
            </button>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className="btn btn-outline" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? 'Extending...' : 'Extend Trial'}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

// Below 768 px the list is a card per user, so no sort buttons: one select holds the same sorts.
const SORT_OPTIONS: { value: string; label: string }[] = [
  { value: '', label: 'Default order' },
  { value: 'username:asc', label: 'Username (A–Z)' },
  { value: 'username:desc', label: 'Username (Z–A)' },
  { value: 'email:asc', label: 'Email (A–Z)' },
  { value: 'email:desc', label: 'Email (Z–A)' },
  { value: 'lastLoginAt:desc', label: 'Last Login (most recent first)' },
  { value: 'lastLoginAt:asc', label: 'Last Login (longest ago first)' },
  { value: 'totalLogins:desc', label: 'Total Logins (most first)' },
  { value: 'totalLogins:asc', label: 'Total Logins (fewest first)' },
  { value: 'messageCount:desc', label: 'Messages (most first)' },
  { value: 'messageCount:asc', label: 'Messages (fewest first)' },
];

type OpenDialog = (d: { kind: 'admin' | 'trial'; user: AdminUserDTO }) => void;

/** A user's actions, the same in the table and on the cards; each button's name says whom it is for. */
function Actions({ u, currentUserId, open }: { u: AdminUserDTO; currentUserId: number; open: OpenDialog }) {
  return (
    <div className="flex flex-wrap gap-2">
      {u.id !== currentUserId && (
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => open({ kind: 'admin', user: u })}
          aria-label={`${u.isAdmin ? 'Remove admin from' : 'Make admin'} ${u.username}`}
        >
          {u.isAdmin ? 'Remove Admin' : 'Make Admin'}
        </button>
      )}
      {u.subscriptionStatus === 'trialing' && (
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => open({ kind: 'trial', user: u })}
          aria-label={`Extend trial for ${u.username}`}
        >
          Extend Trial
        </button>
      )}
    </div>
  );
}

function SubscriptionBadge({ u }: { u: AdminUserDTO }) {
  const badge = statusBadge(u.subscriptionStatus);
  return (
    <>
      <span className={`badge ${BADGE_TONES[badge.tone]}`}>{badge.label}</span>
      {u.subscriptionStatus === 'trialing' && u.trialEndDate && (
        <span className="mt-1 block text-xs text-muted-foreground" data-testid="trial-end">
          Ends {formatDate(u.trialEndDate)}
        </span>
      )}
    </>
  );
}

/** One user below 768 px: every column of the table as a labelled line, the actions in full view. */
function UserCard({ u, clock, currentUserId, open }: { u: AdminUserDTO; clock: Date; currentUserId: number; open: OpenDialog }) {
  return (
    <li className="space-y-3 py-4 first:pt-0 last:pb-0" data-user-card={u.username}>
      <h3 className="flex flex-wrap items-center gap-2 font-medium">
        <span className="break-all">{u.username}</span>
        {u.isAdmin && <span className="badge bg-primary text-primary-foreground">Admin</span>}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Email</dt>
        <dd className="min-w-0 break-all">{u.email || <span className="text-muted-foreground">No email</span>}</dd>
        <dt className="text-muted-foreground">Subscription</dt>
        <dd>
          <SubscriptionBadge u={u} />
        </dd>
        <dt className="text-muted-foreground">Last Login</dt>
        <dd title={u.lastLoginAt ?? undefined}>{relativeTime(u.lastLoginAt, clock)}</dd>
        <dt className="text-muted-foreground">Total Logins</dt>
        <dd className="tabular-nums">{u.totalLogins}</dd>
        <dt className="text-muted-foreground">Messages</dt>
        <dd className="tabular-nums">{u.messageCount}</dd>
      </dl>
      <Actions u={u} currentUserId={currentUserId} open={open} />
    </li>
  );
}

function SummaryCard({ label, value }: { label: string; value: number }) {
  return (
    <div className="card p-3 sm:p-5">
      <p className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</p>
      <p className="mt-1 text-xl font-bold sm:text-2xl" data-testid={`summary-${label}`}>
        {value.toLocaleString('en-ZA')}
      </p>
    </div>
  );
}

export default function UserManagement({ initial, currentUserId, now }: UserManagementProps) {
  const [q, setQ] = useState('');
  const [sort, setSort] = useState<SortState>({ column: null, dir: 'asc' });
  const [page, setPage] = useState(1);
  const [list, setList] = useState<ListState>({ users: initial.users, total: initial.total });
  const [summary, setSummary] = useState<UsersSummaryDTO>(initial.summary);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);
  const [clock, setClock] = useState(() => new Date(now));
  const [dialog, setDialog] = useState<{ kind: 'admin' | 'trial'; user: AdminUserDTO } | null>(null);
  const request = useRef(0);
  const first = useRef(true);
  const searchId = useId();
  const sortId = useId();

  async function load(opts: { withSummary?: boolean } = {}) {
    const mine = ++request.current;
    setLoading(true);
    try {
      const [l, s] = await Promise.all([
        callPage(API.users, { query: listQuery(q, sort, page) }),
        opts.withSummary ? call(API.usersSummary) : null,
      ]);
      if (mine !== request.current) return;
      setList({ users: l.items, total: l.total });
      if (s) setSummary(s);
      setClock(new Date());
      setError('');
    } catch (err) {
      if (mine === request.current) setError(errorMessage(err, 'Network error'));
    } finally {
      if (mine === request.current) setLoading(false);
    }
  }

  // Typing waits for a pause; sorting and paging load at once. The first render is the server's.
  const lastQ = useRef(q);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const typed = lastQ.current !== q;
    lastQ.current = q;
    const t = setTimeout(() => void load(), typed ? 250 : 0);
    return () => clearTimeout(t);
  }, [q, sort, page]);
  const sortBy = (column: SortColumn) => {
    setSort(nextSort(sort, column));
    setPage(1);
  };

  const pages = Math.max(1, Math.ceil(list.total / USERS_PAGE_SIZE));
  const from = list.total ? (page - 1) * USERS_PAGE_SIZE + 1 : 0;
  const to = Math.min(list.total, page * USERS_PAGE_SIZE);

  return (
    <div className="space-y-6">
      <div className="grid grid-cols-3 gap-2 sm:gap-4">
        <SummaryCard label="Total Users" value={summary.totalUsers} />
        <SummaryCard label="Active Subscriptions" value={summary.activeSubscriptions} />
        <SummaryCard label="Trial Users" value={summary.trialUsers} />
      </div>

      <div className="card space-y-4 p-4 sm:p-6">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <label htmlFor={searchId} className="sr-only">
            Search users by username or email
          </label>
          <input
            id={searchId}
            type="search"
            className="input sm:max-w-sm"
            placeholder={USERS_TEXTS.search}
            value={q}
            maxLength={100}
            autoComplete="off"
            onChange={(e) => {
              setQ(e.target.value);
              setPage(1);
            }}
          />
          <p className="text-sm text-muted-foreground" role="status" aria-live="polite">
            {loading ? 'Loading users...' : list.total ? `Showing ${from}–${to} of ${list.total.toLocaleString('en-ZA')}` : ''}
          </p>
        </div>

        {error ? (
          <p className="field-error" role="alert">
            {USERS_TEXTS.loadFailed}
            {error}
          </p>
        ) : list.users.length === 0 ? (
          <p className="py-8 text-center text-sm text-muted-foreground">{q.trim() ? USERS_TEXTS.noMatch : USERS_TEXTS.none}</p>
        ) : (
          <>
            <div className="space-y-4 md:hidden">
              <div className="flex items-center gap-2">
                <label htmlFor={sortId} className="label shrink-0">
                  Sort by
                </label>
                <select
                  id={sortId}
                  className="input bg-white!"
                  value={sort.column ? `${sort.column}:${sort.dir}` : ''}
                  onChange={(e) => {
                    const [column, dir] = e.target.value.split(':') as [SortColumn | '', SortState['dir']];
                    setSort(column ? { column, dir } : { column: null, dir: 'asc' });
                    setPage(1);
                  }}
                >
                  {SORT_OPTIONS.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </div>
              <ul className="divide-y divide-border" aria-label="Users" aria-busy={loading}>
                {list.users.map((u) => (
                  <UserCard key={u.id} u={u} clock={clock} currentUserId={currentUserId} open={setDialog} />
                ))}
              </ul>
            </div>
            {/* From 768 px the table; while it is wider than its box, the Actions column stays in view at the right edge. */}
            <div className="hidden overflow-x-auto md:block" tabIndex={0} role="region" aria-label="Users">
              <table className="w-full min-w-[56rem] border-separate border-spacing-0 text-left text-sm" aria-busy={loading}>
                <thead className="text-muted-foreground">
                  <tr>
                    {HEADERS.map((col) =>
                      col.sortable ? (
                        <th
                          key={col.id}
                          scope="col"
                          aria-sort={ariaSort(sort, col.id)}
                          className={`border-b border-border px-3 py-2 font-medium ${col.numeric ? 'text-right' : ''}`}
                        >
                          <button
                            type="button"
                            className="inline-flex items-center gap-1 rounded hover:text-foreground focus-visible:outline-2"
                            onClick={() => sortBy(col.id)}
                          >
                            {col.label}
                            <span aria-hidden="true" className="text-xs">
                              {sort.column === col.id ? (sort.dir === 'asc' ? '▲' : '▼') : '↕'}
                            </span>
                          </button>
                        </th>
                      ) : (
                        <th
                          key={col.id}
                          scope="col"
                          className={`border-b border-border px-3 py-2 font-medium ${col.id === 'actions' ? STICKY : ''}`}
                        >
                          {col.label}
                        </th>
                      ),
                    )}
                  </tr>
                </thead>
                <tbody>
                  {list.users.map((u) => (
                    <tr key={u.id} className="[&:not(:last-child)>td]:border-b [&>td]:border-border" data-user={u.username}>
                      <td className="px-3 py-3 font-medium">
                        <span className="inline-flex flex-wrap items-center gap-2">
                          {u.username}
                          {u.isAdmin && <span className="badge bg-primary text-primary-foreground">Admin</span>}
                        </span>
                      </td>
                      <td className="px-3 py-3">{u.email || <span className="text-muted-foreground">No email</span>}</td>
                      <td className="px-3 py-3">
                        <SubscriptionBadge u={u} />
                      </td>
                      <td className="px-3 py-3" title={u.lastLoginAt ?? undefined}>
                        {relativeTime(u.lastLoginAt, clock)}
                      </td>
                      <td className="px-3 py-3 text-right tabular-nums">{u.totalLogins}</td>
                      <td className="px-3 py-3 text-right tabular-nums">{u.messageCount}</td>
                      <td className={`px-3 py-3 ${STICKY}`}>
                        <Actions u={u} currentUserId={currentUserId} open={setDialog} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}

        {pages > 1 && (
          <nav className="flex items-center justify-between gap-2" aria-label="Pages of users">
            <button type="button" className="btn btn-outline btn-sm" disabled={page <= 1 || loading} onClick={() => setPage(page - 1)}>
              Previous
            </button>
            <span className="text-sm text-muted-foreground">
              Page {page} of {pages.toLocaleString('en-ZA')}
            </span>
            <button type="button" className="btn btn-outline btn-sm" disabled={page >= pages || loading} onClick={() => setPage(page + 1)}>
              Next
            </button>
          </nav>
        )}
      </div>

      {dialog?.kind === 'admin' && (
        <AdminDialog user={dialog.user} onClose={() => setDialog(null)} onDone={() => load({ withSummary: true })} />
      )}
      {dialog?.kind === 'trial' && (
        <TrialDialog user={dialog.user} onClose={() => setDialog(null)} onDone={() => load({ withSummary: true })} />
      )}
    </div>
  );
}
