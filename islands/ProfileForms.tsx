import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { deleteAccountSchema, updateProfileSchema, type PublicUser } from '../src/schemas/auth';
import { EXPORT_TEXTS } from '../src/schemas/export';
import { ApiError, call, errorMessage, urlOf } from './api';
import { API } from './endpoints';
import { toast, userChanged } from './toast';
import { toastAfterNavigation } from './toaster';
import { Field, fieldErrors } from './ui';

function AccountInformation({ user }: { user: Pick<PublicUser, 'username' | 'email'> }) {
  const empty = { currentPassword: '', newPassword: '', confirmNewPassword: '' };
  const [values, setValues] = useState({ username: user.username, email: user.email ?? '', ...empty });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof values) => (e: { target: { value: string } }) => setValues({ ...values, [k]: e.target.value });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = updateProfileSchema.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    setBusy(true);
    try {
      const updated = await call(API.updateProfile, { body: values });
      setValues({ username: updated.username, email: updated.email ?? '', ...empty });
      toast({ title: 'Profile Updated', description: 'Your profile has been successfully updated.' });
      userChanged(updated);
    } catch (err) {
      toast({ title: 'Update Failed', description: errorMessage(err, 'Failed to update profile'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card p-6" aria-labelledby="account-info">
      <h2 id="account-info" className="text-lg font-semibold">
        Account Information
      </h2>
      <p className="mb-4 text-sm text-muted-foreground">
        Update your username, e-mail address or password. Your current password is required.
      </p>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field
          label="Username"
          name="username"
          autoComplete="username"
          value={values.username}
          error={errors.username}
          onChange={set('username')}
        />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          error={errors.email}
          onChange={set('email')}
        />
        <Field
          label="Current Password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={values.currentPassword}
          error={errors.currentPassword}
          onChange={set('currentPassword')}
        />
        <Field
          label="New Password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          hint="Leave blank to keep your current password."
          value={values.newPassword}
          error={errors.newPassword}
          onChange={set('newPassword')}
        />
        <Field
          label="Confirm New Password"
          name="confirmNewPassword"
          type="password"
          autoComplete="new-password"
          value={values.confirmNewPassword}
          error={errors.confirmNewPassword}
          onChange={set('confirmNewPassword')}
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Updating...' : 'Update Profile'}
        </button>
      </form>
    </section>
  );
}

function DeleteDialog({ onClose }: { onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    ref.current?.showModal();
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = deleteAccountSchema.safeParse({ password });
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    setError('');
    setBusy(true);
    try {
      await call(API.deleteAccount, { body: parsed.data });
      toastAfterNavigation({ title: 'Account Deleted', description: 'Your account has been permanently deleted.' });
      window.location.assign('/');
    } catch (err) {
      toast({ title: 'Deletion Failed', description: errorMessage(err, 'Failed to delete account'), variant: 'destructive' });
      setBusy(false);
    }
  }

  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="delete-title"
      aria-describedby="delete-desc"
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg p-6 shadow-xl backdrop:bg-black/50"
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <h2 id="delete-title" className="text-lg font-semibold">
          Are you absolutely sure?
        </h2>
        <p id="delete-desc" className="text-sm text-muted-foreground">
          This action cannot be undone. This will permanently delete your account and remove all your data from our servers.
        </p>
        <Field
          label="Enter your password to confirm"
          name="deletePassword"
          type="password"
          autoComplete="current-password"
          autoFocus
          value={password}
          error={error}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-outline" onClick={() => ref.current?.close()}>
            Cancel
          </button>
          <button type="submit" className="btn btn-destructive" disabled={busy}>
            {busy ? 'Deleting...' : 'Delete Account'}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** The file name the server gave (RFC 6266: filename* first, it holds the exact name). */
function fileNameOf(disposition: string | null): string {
  const exact = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (exact) {
    try {
      return decodeURIComponent(exact[1]);
    } catch {
      /* the plain name below */
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? 'payewise-data.json';
}

function YourData() {
  const [busy, setBusy] = useState(false);
  // Fetched rather than followed, so a refusal (too many downloads) shows as a toast instead of a saved error file;
  // without JavaScript the link still downloads.
  async function download(e: MouseEvent<HTMLAnchorElement>) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const res = await fetch(urlOf(API.exportData), { credentials: 'include' });
      if (!res.ok) {
        const text = await res.text();
        let message: string | undefined;
        try {
          message = JSON.parse(text).message;
        } catch {
          /* not JSON */
        }
        throw new ApiError(res.status, text || res.statusText, message);
      }
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = fileNameOf(res.headers.get('Content-Disposition'));
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      toast({ title: 'Download started', description: EXPORT_TEXTS.done });
    } catch (err) {
      toast({ title: 'Download Failed', description: errorMessage(err, EXPORT_TEXTS.failed), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="card p-6" aria-labelledby="your-data">
      <h2 id="your-data" className="text-lg font-semibold">
        {EXPORT_TEXTS.heading}
      </h2>
      <p className="mb-4 text-sm text-muted-foreground">
        {EXPORT_TEXTS.intro}{' '}
        <a href="/privacy#what-we-keep" className="text-primary underline">
          What we keep and why
        </a>
      </p>
      <a href={urlOf(API.exportData)} className="btn btn-outline" onClick={download} aria-disabled={busy || undefined}>
        {busy ? EXPORT_TEXTS.busy : EXPORT_TEXTS.button}
      </a>
    </section>
  );
}

function AccountActions() {
  const [loggingOut, setLoggingOut] = useState(false);
  const [deleting, setDeleting] = useState(false);
  async function logout() {
    setLoggingOut(true);
    try {
      await call(API.logout);
      toastAfterNavigation({ title: 'Logged out', description: 'You have been logged out successfully.' });
      window.location.assign('/');
    } catch (err) {
      toast({ title: 'Logout failed', description: errorMessage(err, 'Logout failed'), variant: 'destructive' });
      setLoggingOut(false);
    }
  }
  return (
    <section className="card p-6" aria-labelledby="account-actions">
      <h2 id="account-actions" className="text-lg font-semibold">
        Account Actions
      </h2>
      <p className="mb-4 text-sm text-muted-foreground">Sign out of this device, or delete your account.</p>
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn btn-outline" onClick={logout} disabled={loggingOut}>
          {loggingOut ? 'Logging out...' : 'Logout'}
        </button>
        <button type="button" className="btn btn-destructive" onClick={() => setDeleting(true)}>
          Delete Account
        </button>
      </div>
      <p className="mt-4 text-sm text-muted-foreground" data-testid="deletion-keeps">
        {EXPORT_TEXTS.deletionKeeps}{' '}
        <a href="/privacy#after-deletion" className="text-primary underline">
          What deleting your account keeps
        </a>
      </p>
      {deleting && <DeleteDialog onClose={() => setDeleting(false)} />}
    </section>
  );
}

export default function ProfileForms({ user }: { user: Pick<PublicUser, 'username' | 'email'> }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <AccountInformation user={user} />
      <div className="space-y-6">
        <YourData />
        <AccountActions />
      </div>
    </div>
  );
}
