import AuthCard from '../../islands/AuthCard';
import type { AuthTab } from '../schemas/auth';
import { Island } from './island';
import { Icon, Logo, ToastRegion } from './components';

/** /auth: the two-tab card beside a marketing panel on wide screens. */
export function AuthPage({ demo, tab }: { demo: boolean; tab: AuthTab }) {
  return (
    <div className="min-h-screen bg-slate-50 lg:grid lg:grid-cols-2">
      <main className="flex items-center justify-center p-4 sm:p-8">
        <div className="w-full max-w-md">
          <a href="/" className="mb-6 inline-block" aria-label="PayeWise home">
            <Logo className="text-xl" />
          </a>
          <Island name="AuthCard" component={AuthCard} props={{ demo, initialTab: tab }} />
        </div>
      </main>
      <aside
        className="hidden bg-gradient-to-br from-emerald-800 to-emerald-950 p-12 text-white lg:flex lg:flex-col lg:justify-center"
        aria-label="About PayeWise"
      >
        <h2 className="text-3xl font-bold">South African payroll, answered exactly</h2>
        <p className="mt-4 text-emerald-100">
          Ask about PAYE, UIF, SDL, ETI and leave for the 2026/27 tax year and get the figure to the cent, with the working shown and the
          knowledge-base article behind it.
        </p>
        <ul className="mt-8 space-y-3 text-emerald-50">
          {[
            'AI payroll assistant with your chat history saved',
            'Calculators for PAYE, UIF, SDL, ETI, leave and overtime',
            'A knowledge base current for 2026/27',
            '7-day free trial, no credit card, then R80/month',
          ].map((t) => (
            <li key={t} className="flex items-start gap-3">
              <Icon name="check" className="mt-0.5 h-5 w-5 flex-none text-amber-300" />
              <span>{t}</span>
            </li>
          ))}
        </ul>
      </aside>
      <ToastRegion />
    </div>
  );
}
