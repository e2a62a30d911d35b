// UIF on a pay, for one person or several.
import { taxYearForDate } from '../../payroll';
import { paysOf } from './pay';
import { Builder, convert, inPeriod, per, periodFor, rand, setTaxYear, yearLabel } from './shared';
import type { Step, TopicModule } from './types';

type Result = Record<string, number>;

export const uif: TopicModule = {
  name: 'uif',
  label: 'UIF',
  example: 'UIF on R12 000 a month',
  keywords: ['uif', 'unemployment insurance', 'ui19'],
  uses: ['salary', 'commission', 'hourlyRate', 'dailyRate', 'hoursPerMonth', 'taxYear', 'workerType', 'wantPeriod'],
  plan(f, ctx) {
    const b = new Builder(f, ctx);
    const pays = paysOf(f, b);
    if (!pays.length) return { need: 'the pay for the period (and how often it is paid)', example: 'UIF on R12 000 a month' };
    const period = periodFor(b, pays[0], f, ctx);
    b.input.period = period;
    const commission = inPeriod(f, 'commission', period);
    if (commission !== undefined) b.set('commission', commission, { from: 'commission', kept: (v) => `commission of ${rand(Number(v))}` });
    if (f.hoursPerMonth !== undefined)
      b.set('hoursPerMonth', f.hoursPerMonth, { from: 'hoursPerMonth', kept: (h) => `${h} hours a month` });
    setTaxYear(b, f, ctx.today);
    const steps: Step[] = pays.map((p) => ({
      name: 'uif',
      input: { ...b.input, remuneration: p.value },
      ...(pays.length > 1 ? { label: rand(p.value) } : {}),
    }));
    const want = f.wantPeriod ?? ctx.extras.loosePeriods.find((p) => p !== period);
    if (pays.length === 1 && want === 'annual' && period !== 'annual')
      steps.push({ name: 'uif', input: { ...b.input, period: 'annual', remuneration: convert(pays[0].value, period, 'annual') } });
    return { steps, assumed: b.assumed, kept: b.kept };
  },
  describe(calls, f, ctx) {
    const labelled = calls.filter((c) => c.label);
    if (labelled.length > 1) {
      return [
        `**UIF ${per(calls[0].input.period)}, for each employee:**`,
        '',
        '| Pay | Employee | Employer | Total |',
        '|---:|---:|---:|---:|',
        ...labelled.map(
          (c) =>
            `| ${c.label} | ${rand((c.result as Result).employee)} | ${rand((c.result as Result).employer)} | ${rand((c.result as Result).total)} |`,
        ),
        '',
        'Each side pays 1% of remuneration, up to the UIF ceiling for each employee. The employer pays both parts to SARS on the EMP201.',
      ];
    }
    const [first, second] = calls;
    const r = first.result as Result;
    const i = first.input;
    const lines =
      r.total === 0 && Number(i.remuneration) > 0
        ? [
            `**UIF: R0.00** — no contributions are due${i.hoursPerMonth !== undefined && Number(i.hoursPerMonth) < 24 ? ': someone who works fewer than 24 hours a month for an employer is excluded from UIF' : ''}.`,
          ]
        : [
            `**UIF: ${rand(r.employee)} from the employee and ${rand(r.employer)} from the employer, ${rand(r.total)} in total ${per(i.period)}.**`,
          ];
    lines.push('', `On ${rand(Number(i.remuneration))} ${per(i.period)}, tax year ${yearLabel(i.taxYear ?? taxYearForDate(ctx.today))}.`);
    if (second)
      lines.push(
        '',
        `That is ${rand((second.result as Result).employee)} from each side, ${rand((second.result as Result).total)} in total ${per(second.input.period)}.`,
      );
    lines.push(
      '',
      'Each side pays 1% of remuneration, but only up to the UIF ceiling, so the contribution stops growing above it. The employer pays both parts to SARS on the EMP201.',
    );
    if (Number(i.commission) > 0) lines.push(`The ${rand(Number(i.commission))} commission is left out: UIF is on the salary only.`);
    if (f.workerType === 'domestic')
      lines.push(
        'A domestic worker who works more than 24 hours a month for you is covered: you register with the Department of Employment and Labour (uFiling) and pay both parts.',
      );
    return lines;
  },
  compared: [
    ['employee', 'UIF from the employee'],
    ['employer', 'UIF from the employer'],
  ],
  articles(calls, f) {
    const i = calls[0]?.input ?? {};
    return [
      'UIF contribution ceiling',
      ...(i.commission
        ? ['UIF on commission earnings']
        : f.workerType === 'domestic'
          ? ['UIF for domestic workers']
          : i.hoursPerMonth !== undefined
            ? ['UIF part-time casual workers 24 hours']
            : []),
    ];
  },
};
