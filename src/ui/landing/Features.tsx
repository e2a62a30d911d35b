import { Icon } from '../components';
import { FIGURES as F } from './figures';
import { LandingIcon, type LandingIconName } from './icons';
import { SectionIntro } from './parts';

type IconName = Parameters<typeof Icon>[0]['name'];
type FeatureIcon = { kind: 'base'; name: IconName } | { kind: 'extra'; name: LandingIconName };
const base = (name: IconName): FeatureIcon => ({ kind: 'base', name });
const extra = (name: LandingIconName): FeatureIcon => ({ kind: 'extra', name });

/** One feature a line: [icon, title, body]. */
const features: [icon: FeatureIcon, title: string, body: string][] = [
  [
    base('chat'),
    'AI payroll assistant',
    'Ask in everyday language, such as “PAYE on R28 500 for a 67-year-old with medical aid for three”, and get the figure with the reasoning and a link to the article behind it.',
  ],
  [
    base('calc'),
    'PAYE, UIF, SDL and ETI calculators',
    'Every calculation shows its working line by line: annualised pay, bracket, rebates, medical credits, the UIF ceiling and the ETI table. Rounded to the cent, easy to check.',
  ],
  [
    base('book'),
    `Knowledge base current for ${F.label}`,
    `Searchable articles on tax tables, UIF, SDL, leave under the BCEA, benefits and employer returns, kept up to date for ${F.start} to ${F.end}.`,
  ],
  [
    extra('history'),
    'Chat history saved',
    'Your conversations are kept with your account, so last month’s answer is there when you run this month’s payroll.',
  ],
  [
    extra('calendar'),
    'Compliance calendar',
    'The dates that matter in one place: EMP201 by the 7th of every month, EMP501 interim by 31 October, the annual reconciliation from 1 April to 31 May.',
  ],
  [
    extra('shield'),
    'POPIA-minded data handling',
    'You never need to enter employee names or ID numbers to get an answer. Passwords are hashed, card payments happen on PayFast, and you can download your data or delete your account at any time.',
  ],
];

export function Features() {
  return (
    <section id="features" aria-labelledby="features-heading" className="scroll-mt-16 px-4 py-16 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <SectionIntro id="features-heading" eyebrow="Features" title="Everything a small payroll desk needs">
          Built for South African bookkeepers, payroll clerks and business owners who want the right number, and want to see why it is
          right.
        </SectionIntro>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features.map(([icon, title, body]) => (
            <li key={title} className="card p-6">
              <span className="grid h-10 w-10 place-items-center rounded-lg bg-primary-soft text-primary">
                {icon.kind === 'base' ? (
                  <Icon name={icon.name} className="h-5 w-5" />
                ) : (
                  <LandingIcon name={icon.name} className="h-5 w-5" />
                )}
              </span>
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
