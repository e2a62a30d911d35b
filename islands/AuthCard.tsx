import { Suspense, lazy, useEffect, useState, type FormEvent } from 'react';
import { authTabOf, authUrl, loginSchema, registerFormSchema, type AuthTab } from '../src/schemas/auth';
import { call, errorMessage } from './api';
import { API } from './endpoints';
import { toast } from './toast';
import { toastAfterNavigation } from './toaster';
import { Field, fieldErrors } from './ui';

type Tab = AuthTab;

// The reset wizard is fetched only when someone opens it (most visits never do).
const ForgotPassword = lazy(() => import('./ForgotPassword'));

function LoginForm({ demo, onForgot }: { demo: boolean; onForgot: () => void }) {
  const [values, setValues] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = loginSchema.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    setBusy(true);
    try {
      const user = await call(API.login, { body: parsed.data });
      toastAfterNavigation({ title: 'Logged in successfully', description: `Welcome back, ${user.username}!` });
      window.location.assign('/');
    } catch (err) {
      toast({ title: 'Login failed', description: errorMessage(err, 'Login failed'), variant: 'destructive' });
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} className="space-y-4" noValidate aria-label="Login">
      <Field
        label="Username"
        name="username"
        autoComplete="username"
        value={values.username}
        error={errors.username}
        onChange={(e) => setValues({ ...values, username: e.target.value })}
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        error={errors.password}
        onChange={(e) => setValues({ ...values, password: e.target.value })}
      />
      <div className="flex justify-end">
        <button type="button" className="text-sm font-medium text-primary hover:underline" onClick={onForgot}>
          Forgot password?
        </button>
      </div>
      <button type="submit" className="btn btn-primary w-full" disabled={busy}>
        {busy ? 'Logging in...' : 'Login'}
      </button>
      {demo && (
        <div className="rounded-md border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900" data-testid="demo-hint">
          <p className="font-medium">Demo accounts</p>
          <p>
            User: <code>demo</code> · Admin (for admin features): <code>admin</code>
          </p>
          <p>
            Password for both: <code>password123</code>
          </p>
        </div>
      )}
    </form>
  );
}

function RegisterForm() {
  const [values, setValues] = useState({ username: '', email: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof values) => (e: { target: { value: string } }) => setValues({ ...values, [k]: e.target.value });
  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = registerFormSchema.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    setBusy(true);
    try {
      const { confirmPassword: _, ...body } = parsed.data;
      await call(API.register, { body });
      toastAfterNavigation({ title: 'Account created', description: 'Your account has been created successfully!' });
      window.location.assign('/');
    } catch (err) {
      toast({ title: 'Registration failed', description: errorMessage(err, 'Registration failed'), variant: 'destructive' });
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} className="space-y-4" noValidate aria-label="Register">
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
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        error={errors.password}
        onChange={set('password')}
      />
      <Field
        label="Confirm Password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        error={errors.confirmPassword}
        onChange={set('confirmPassword')}
      />
      <button type="submit" className="btn btn-primary w-full" disabled={busy}>
        {busy ? 'Creating account...' : 'Create Account'}
      </button>
      <p className="text-center text-xs text-muted-foreground">7-day free trial. No credit card required.</p>
      <p className="text-center text-xs text-muted-foreground">
        By creating an account you accept the{' '}
        <a href="/terms" className="underline">
          terms
        </a>
        ; the{' '}
        <a href="/privacy" className="underline">
          privacy notice
        </a>{' '}
        says what we keep.
      </p>
    </form>
  );
}

const panelClass = (shown: boolean) => `[grid-area:1/1] ${shown ? '' : 'invisible'}`;

/** The /auth card: Login and Register tabs; the forgot-password wizard runs inside the Login tab. */
export default function AuthCard({ demo, initialTab = 'login' }: { demo: boolean; initialTab?: Tab }) {
  const [tab, show] = useState<Tab>(initialTab);
  // The tab lives in the URL: choosing one adds a history entry, Back and Forward bring theirs back.
  const setTab = (next: Tab) => {
    if (next === tab) return;
    history.pushState(null, '', authUrl(next));
    show(next);
  };
  useEffect(() => {
    const fromUrl = () => show(authTabOf(new URLSearchParams(location.search).get('tab')));
    addEventListener('popstate', fromUrl);
    // Arriving to sign up: straight into the first field.
    if (initialTab === 'register') document.querySelector<HTMLInputElement>('#panel-register input')?.focus();
    return () => removeEventListener('popstate', fromUrl);
  }, [initialTab]);
  const [forgot, setForgot] = useState(false);
  const tabs: [Tab, string][] = [
    ['login', 'Login'],
    ['register', 'Register'],
  ];
  return (
    <div className="card p-6">
      <div role="tablist" aria-label="Sign in or register" className="tablist mb-6">
        {tabs.map(([id, label]) => (
          <button
            key={id}
            id={`tab-${id}`}
            role="tab"
            type="button"
            aria-selected={tab === id}
            aria-controls={`panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            className="tab"
            onClick={() => setTab(id)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
                const next = tab === 'login' ? 'register' : 'login';
                setTab(next);
                document.getElementById(`tab-${next}`)?.focus();
              }
            }}
          >
            {label}
          </button>
        ))}
      </div>
      {/* Both panels share one grid cell, the other one invisible: the card keeps the height of the taller and does not jump between tabs and steps. */}
      <div className="grid">
        <div
          id="panel-login"
          role="tabpanel"
          aria-labelledby="tab-login"
          className={panelClass(tab === 'login')}
          aria-hidden={tab !== 'login' || undefined}
        >
          {forgot ? (
            <Suspense fallback={<p className="text-sm text-muted-foreground">Loading…</p>}>
              <ForgotPassword onDone={() => setForgot(false)} />
            </Suspense>
          ) : (
            <>
              <h1 className="mb-1 text-2xl font-bold">Welcome back</h1>
              <p className="mb-6 text-sm text-muted-foreground">Log in to your PayeWise account.</p>
              <LoginForm demo={demo} onForgot={() => setForgot(true)} />
            </>
          )}
        </div>
        <div
          id="panel-register"
          role="tabpanel"
          aria-labelledby="tab-register"
          className={panelClass(tab === 'register')}
          aria-hidden={tab !== 'register' || undefined}
        >
          <h1 className="mb-1 text-2xl font-bold">Create an account</h1>
          <p className="mb-6 text-sm text-muted-foreground">Start your 7-day free trial.</p>
          <RegisterForm />
        </div>
      </div>
    </div>
  );
}
