import { useEffect, useRef, useState, type FormEvent } from 'react';
import { forgotPasswordSchema, type ResetMailAnswer } from '../src/schemas/auth';
import { call, errorMessage } from './api';
import { API, type VerifiedReset } from './endpoints';
import { dismissErrorToast, toast } from './toast';
import { Field } from './ui';

type Step = 'email' | 'verification' | 'newPassword';

const NOTICE: Record<ResetMailAnswer['mail'], string> = {
  queued: 'Sending your e-mail…',
  sent: 'E-mail sent. Check your inbox.',
  delayed: 'Your e-mail may be delayed: we will keep trying to deliver it.',
};
const POLL_MS = 2_000;
const POLL_FOR_MS = 30_000;

/** The three-step reset inside the login tab: e-mail, verification with the e-mailed code, new password. */
export default function ForgotPassword({ onDone }: { onDone: () => void }) {
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [resetToken, setResetToken] = useState('');
  const [code, setCode] = useState('');
  const [verified, setVerified] = useState<VerifiedReset | null>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  // The link that opened the wizard is gone: focus its heading, so the keyboard and screen readers carry on from here.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  // Follows the code's e-mail for a while, so the notice says what became of that mail, not of the one before.
  useEffect(() => {
    if (!resetToken) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const until = Date.now() + POLL_FOR_MS;
    const ask = async () => {
      let mail: ResetMailAnswer['mail'];
      try {
        ({ mail } = await call(API.resetMailStatus, { body: { resetToken } }));
      } catch {
        return; // the notice stays as it was
      }
      if (stopped) return;
      // Sent straight away needs no word; sent after a notice replaces it.
      setNotice((shown) => (mail === 'sent' && !shown ? '' : NOTICE[mail]));
      if (mail !== 'sent' && Date.now() + POLL_MS <= until) timer = setTimeout(ask, POLL_MS);
    };
    timer = setTimeout(ask, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [resetToken]);

  async function submitEmail(e: FormEvent) {
    e.preventDefault();
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!email.trim()) return toast({ title: 'Email required', description: 'Please enter your email address', variant: 'destructive' });
    if (!parsed.success) return toast({ title: 'Error', description: parsed.error.issues[0].message, variant: 'destructive' });
    setBusy(true);
    try {
      const res = await call(API.forgotPassword, { body: parsed.data });
      if (res.resetToken) {
        setResetToken(res.resetToken);
        toast(
          res.emailSent
            ? { title: 'Email Sent', description: 'A password reset email has been sent. Please check your inbox.' }
            : {
                title: 'Email Service Unavailable',
                description: 'Email service is currently unavailable. You can still reset your password through the verification steps.',
              },
        );
        setNotice(res.emailSent ? '' : NOTICE.delayed);
        setStep('verification');
      } else {
        toast({ title: 'Password Reset', description: res.message || 'If your email is registered, you will receive reset instructions.' });
      }
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'An error occurred. Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  async function submitCode(e: FormEvent) {
    e.preventDefault();
    if (verified) return setStep('newPassword');
    setBusy(true);
    try {
      setVerified(await call(API.verifyResetCode, { body: { resetToken, code } }));
      dismissErrorToast();
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'An error occurred. Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  async function submitPassword(e: FormEvent) {
    e.preventDefault();
    if (password !== confirm)
      return toast({ title: "Passwords don't match", description: 'Please make sure your passwords match.', variant: 'destructive' });
    if (password.length < 6)
      return toast({ title: 'Invalid password', description: 'Password must be at least 6 characters.', variant: 'destructive' });
    setBusy(true);
    try {
      const res = await call(API.resetPassword, {
        body: {
          userId: verified!.userId,
          username: verified!.username,
          email: verified!.email ?? email,
          newPassword: password,
          resetToken,
          code,
        },
      });
      toast({ title: 'Password Reset', description: res.message || 'Your password has been reset successfully.' });
      onDone();
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'An error occurred. Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4" data-testid="forgot-password">
      <div>
        <h3 ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
          Reset your password
        </h3>
        <p className="text-sm text-muted-foreground">
          {step === 'email' && 'Enter the e-mail address of your account and we will send you a 6-digit code.'}
          {step === 'verification' && 'Enter the 6-digit code we e-mailed you. It expires in 15 minutes.'}
          {step === 'newPassword' && 'Choose a new password of at least 6 characters.'}
        </p>
      </div>
      {step === 'email' && (
        <form onSubmit={submitEmail} className="space-y-4" noValidate>
          <Field label="Email" type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          <div className="flex gap-2">
            <button type="button" className="btn btn-outline flex-1" onClick={onDone}>
              Back to Login
            </button>
            <button type="submit" className="btn btn-primary flex-1" disabled={busy}>
              {busy ? 'Sending...' : 'Send reset code'}
            </button>
          </div>
        </form>
      )}
      {step === 'verification' && (
        <form onSubmit={submitCode} className="space-y-4" noValidate>
          {/* Always there, so screen readers announce each change of the notice. */}
          <p
            role="status"
            aria-live="polite"
            data-testid="mail-notice"
            className={
              !notice
                ? 'sr-only'
                : notice === NOTICE.sent
                  ? 'rounded-md bg-emerald-50 p-3 text-sm text-emerald-900'
                  : 'rounded-md bg-amber-50 p-3 text-sm text-amber-900'
            }
          >
            {notice}
          </p>
          {verified && <Field label="Username" value={verified.username} readOnly />}
          <Field label="Email" value={email} readOnly />
          {!verified && (
            <Field
              label="Verification code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              pattern="\d{6}"
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            />
          )}
          <div className="flex gap-2">
            <button
              type="button"
              className="btn btn-outline flex-1"
              onClick={() => {
                setStep('email');
                setVerified(null);
                setCode('');
              }}
            >
              Back
            </button>
            <button type="submit" className="btn btn-primary flex-1" disabled={busy || (!verified && code.length !== 6)}>
              {verified ? 'Continue' : busy ? 'Verifying...' : 'Verify code'}
            </button>
          </div>
        </form>
      )}
      {step === 'newPassword' && (
        <form onSubmit={submitPassword} className="space-y-4" noValidate>
          <Field label="Username" value={verified?.username ?? ''} readOnly />
          <Field
            label="New Password"
            type="password"
            name="newPassword"
            autoComplete="new-password"
            minLength={6}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Field
            label="Confirm New Password"
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            minLength={6}
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
          <div className="flex gap-2">
            <button type="button" className="btn btn-outline flex-1" onClick={() => setStep('verification')}>
              Back
            </button>
            <button type="submit" className="btn btn-primary flex-1" disabled={busy}>
              {busy ? 'Resetting...' : 'Reset Password'}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
