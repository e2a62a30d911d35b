import { SIGN_UP } from './parts';

/** The floating sign-up bar for visitors, revealed on scroll by islands/public.ts. */
export function FloatingSignup() {
  return (
    <div
      id="floating-signup"
      hidden
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-white/95 shadow-[0_-4px_16px_rgba(15,23,42,0.08)] backdrop-blur"
    >
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <p className="text-sm">
          <span className="font-semibold">Try PayeWise free for 7 days.</span>
          <span className="hidden text-muted-foreground sm:inline"> No credit card required.</span>
        </p>
        <a href={SIGN_UP} className="btn btn-primary btn-sm shrink-0 sm:h-10 sm:px-4 sm:text-sm">
          Sign Up Free
        </a>
      </div>
    </div>
  );
}
