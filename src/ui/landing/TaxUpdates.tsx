import type { ReactNode } from 'react';
import { Icon } from '../components';
import { FIGURES as F } from './figures';
import { Amount } from './parts';

/* The banner on what changed with the tax year. Figures are joined into their sentence (one text node each). */

const taxUpdates: ReactNode[] = [
  <>{`Tax brackets and rebates adjusted by about ${F.bracketAdjustment}, the first inflation adjustment since the ${F.bracketsLastAdjusted} tax year.`}</>,
  <>
    Tax threshold <Amount>{F.taxThresholdUnder65}</Amount> a year under 65 (<Amount>{F.taxThresholdUnder65Monthly}</Amount> a month);
    primary rebate <Amount>{F.primaryRebate}</Amount>.
  </>,
  <>
    Medical scheme fees credits of <Amount>{F.medicalCreditMain}</Amount> a month for the main member and for the first dependant,{' '}
    <Amount>{F.medicalCreditAdditional}</Amount> for each additional dependant.
  </>,
  <>
    Retirement contribution deduction cap up from <Amount>{F.retirementCapBefore}</Amount> to <Amount>{F.retirementCap}</Amount> a year.
  </>,
  <>
    National minimum wage of <Amount>{F.minimumWageHourly}</Amount>
    {` an hour from ${F.minimumWageFrom}.`}
  </>,
];

export function TaxUpdatesBanner() {
  return (
    <section aria-labelledby="tax-updates-heading" className="px-4 sm:px-6">
      <div className="mx-auto max-w-6xl rounded-xl border border-amber-200 bg-amber-50 p-6 sm:p-8">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <h2 id="tax-updates-heading" className="text-xl font-bold sm:text-2xl">
            {`${F.label} tax year updates are in`}
          </h2>
          <p className="badge w-fit bg-white text-amber-900 ring-1 ring-amber-200">{`${F.start} – ${F.end}`}</p>
        </div>
        <p className="mt-2 text-sm text-slate-700">
          From the Budget of 25 February 2026 and the new minimum wage, built into the assistant, the calculators and the knowledge base.
        </p>
        <ul className="mt-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {taxUpdates.map((item, i) => (
            <li key={i} className="flex gap-2 text-sm text-slate-800">
              <Icon name="check" className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
