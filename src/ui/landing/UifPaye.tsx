import { FIGURES } from './figures';
import { Amount, SectionIntro } from './parts';

/* The featured UIF and PAYE section, with the worked example computed by the payroll engine (see figures.ts). */

const { label, retirementCap, uif, example } = FIGURES;

function WorkedExampleTable() {
  return (
    <div className="card overflow-hidden lg:col-span-3">
      <table className="w-full text-sm">
        <caption className="border-b border-border bg-white px-5 py-4 text-left">
          <span className="block text-base font-semibold text-foreground">{`Worked example: ${example.salary} a month, age ${example.age}`}</span>
          <span className="mt-1 block text-muted-foreground">{`${label} tax year, no medical aid or retirement fund contributions`}</span>
        </caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Step</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {example.rows.map((row) => (
            <tr
              key={row.label}
              className={`border-b border-border last:border-b-0 ${row.emphasis === 'result' ? 'bg-primary-soft' : row.emphasis === 'total' ? 'bg-slate-50' : ''}`}
            >
              <th scope="row" className="px-5 py-3 text-left align-top font-normal">
                <span className={`block ${row.emphasis ? 'font-semibold text-foreground' : 'font-medium'}`}>{row.label}</span>
                {row.working && <span className="block text-xs text-muted-foreground">{row.working}</span>}
              </th>
              <td
                className={`whitespace-nowrap px-5 py-3 text-right align-top tabular-nums ${
                  row.emphasis === 'result' ? 'text-base font-bold text-primary' : row.emphasis === 'total' ? 'font-semibold' : ''
                }`}
              >
                {row.amount}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="border-t border-border bg-white px-5 py-4 text-xs leading-relaxed text-muted-foreground">
        The employer also pays its own UIF of <Amount>{example.uifEmployer}</Amount>
        {` and, unless exempt, SDL of ${example.sdlRate} (`}
        <Amount>{example.sdl}</Amount>).
      </p>
    </div>
  );
}

export function UifPaye() {
  return (
    <section id="uif-paye" aria-labelledby="uif-paye-heading" className="scroll-mt-16 bg-muted px-4 py-16 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <SectionIntro id="uif-paye-heading" eyebrow="UIF and PAYE" title="The two deductions on every payslip, worked out in full">
          No black boxes: PayeWise shows the same steps a careful payroll clerk would take.
        </SectionIntro>

        <div className="mt-12 grid gap-8 lg:grid-cols-5">
          <div className="flex flex-col gap-6 lg:col-span-2">
            <article className="card p-6">
              <h3 className="text-lg font-semibold">UIF</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
                {`${uif.totalRate} of remuneration up to the ceiling of `}
                <Amount>{uif.ceiling}</Amount>
                {` a month: ${uif.employeeRate} deducted from the employee and ${uif.employerRate} paid by the employer. Above the ceiling each side pays at most `}
                <Amount>{uif.maxEach}</Amount>, <Amount>{uif.maxCombined}</Amount>
                {` combined. Commission is left out, and workers employed for less than ${uif.minHoursPerMonth} hours a month by that employer are excluded.`}
              </p>
            </article>
            <article className="card p-6">
              <h3 className="text-lg font-semibold">PAYE</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
                {`Annualise the month’s pay, apply the ${label} tax table, subtract the age rebates and divide by 12. Medical scheme fees credits come off after that, never below zero. Retirement contributions made through payroll reduce the taxable amount first, within the limits (at most `}
                <Amount>{retirementCap}</Amount> a year).
              </p>
            </article>
            <p className="text-sm text-muted-foreground">
              PAYE, UIF and SDL are declared and paid together on the EMP201, by the 7th of the following month.
            </p>
          </div>

          <WorkedExampleTable />
        </div>
      </div>
    </section>
  );
}
