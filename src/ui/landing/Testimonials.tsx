import { FIGURES } from './figures';
import { SectionIntro } from './parts';

const testimonials = [
  {
    name: 'Thandeka',
    role: 'Freelance bookkeeper',
    city: 'Durban',
    quote:
      'I run payroll for a handful of small clients. Instead of rebuilding a spreadsheet every March, I ask, read the working and move on.',
  },
  {
    name: 'Pieter',
    role: 'Owner of a joinery workshop',
    city: 'Paarl',
    quote: `The UIF ceiling caught me out once. Now I check before I pay, and the answer explains the ${FIGURES.uif.maxEach} cap in plain language.`,
  },
  {
    name: 'Lerato',
    role: 'Payroll clerk',
    city: 'Johannesburg',
    quote: `When the ${FIGURES.label} rebates changed, the new figures were already there. Having the EMP201 and EMP501 dates in one place helps at month-end.`,
  },
];

export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-heading" className="px-4 py-16 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <SectionIntro id="testimonials-heading" eyebrow="Who it is for" title="Made for the people who run payroll">
          Illustrative personas: composite examples of the people PayeWise is built for, not quotes from named customers.
        </SectionIntro>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {testimonials.map((t) => (
            <li key={t.name}>
              <figure className="card flex h-full flex-col p-6">
                <blockquote className="flex-1 text-slate-800">
                  <p>“{t.quote}”</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-primary-soft font-semibold text-primary"
                  >
                    {t.name[0]}
                  </span>
                  <span className="text-sm">
                    <span className="block font-semibold">{t.name}</span>
                    <span className="block text-muted-foreground">
                      {t.role}, {t.city}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
