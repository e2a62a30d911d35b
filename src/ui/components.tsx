import type { ReactNode } from 'react';
import { BADGE_TONES, type StatusBadge } from '../billing';

export function Badge({ badge }: { badge: StatusBadge }) {
  return <span className={`badge ${BADGE_TONES[badge.tone]}`}>{badge.label}</span>;
}

export function Card({
  title,
  description,
  children,
  className = '',
}: {
  title?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`card ${className}`}>
      {(title || description) && (
        <header className="p-6 pb-2">
          {title && <h2 className="text-lg font-semibold">{title}</h2>}
          {description && <p className="text-sm text-muted-foreground mt-1">{description}</p>}
        </header>
      )}
      <div className="p-6 pt-4">{children}</div>
    </section>
  );
}

export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-bold ${className}`}>
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#047857" />
        <path d="M9 23V9h7.5a4.5 4.5 0 0 1 0 9H13" stroke="#fff" strokeWidth="3" fill="none" strokeLinecap="round" />
        <circle cx="23" cy="22" r="2.5" fill="#f59e0b" />
      </svg>
      <span>
        Paye<span className="text-primary">Wise</span>
      </span>
    </span>
  );
}

export function Icon({
  name,
  className = 'h-4 w-4',
}: {
  name:
    'chat' | 'card' | 'book' | 'edit' | 'user' | 'users' | 'calc' | 'calendar' | 'building' | 'menu' | 'x' | 'check' | 'logout' | 'chart';
  className?: string;
}) {
  const paths: Record<string, string> = {
    chat: 'M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z',
    card: 'M2 5h20v14H2zM2 10h20',
    book: 'M4 19.5A2.5 2.5 0 0 1 6.5 17H20V2H6.5A2.5 2.5 0 0 0 4 4.5v15zM6.5 17A2.5 2.5 0 0 0 4 19.5 2.5 2.5 0 0 0 6.5 22H20v-5',
    edit: 'M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z',
    user: 'M20 21a8 8 0 0 0-16 0M12 13a5 5 0 1 0 0-10 5 5 0 0 0 0 10z',
    users: 'M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM23 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8',
    calc: 'M4 2h16v20H4zM8 6h8M8 11h2M14 11h2M8 15h2M14 15h2M8 19h2M14 19h2',
    calendar: 'M3 5h18v16H3zM16 3v4M8 3v4M3 10h18',
    building: 'M3 21h18M5 21V3h10v18M15 9h4v12M8 7h4M8 11h4M8 15h4',
    menu: 'M3 6h18M3 12h18M3 18h18',
    x: 'M18 6 6 18M6 6l12 12',
    check: 'M20 6 9 17l-5-5',
    chart: 'M3 3v18h18M8 17V11M13 17V7M18 17v-4',
    logout: 'M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9',
  };
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={paths[name]} />
    </svg>
  );
}

/**
 * The region toasts appear in (islands/toaster.ts fills it): top right, under the top bar. At the bottom a toast
 * covered what pages keep there at every width: the chat's Send button, the floating sign-up bar.
 */
export function ToastRegion() {
  return (
    <section
      aria-label="Notifications (F8)"
      tabIndex={-1}
      id="pw-toast-region"
      className="pointer-events-none fixed top-14 right-0 z-[100] flex w-full flex-col p-4 sm:max-w-[420px]"
    >
      <ol id="pw-toasts" tabIndex={-1} className="flex flex-col gap-2" aria-live="polite" />
    </section>
  );
}
