import { calculatePaye, payeApi, payeInputSchema, payslipApi, payslipInputSchema } from '../../src/payroll/index';
import { load, login, microbench, printLoad, type BenchServer } from '../lib';

// Issue 3: the payroll engine's speed (bar: a monthly PAYE in under 5 µs) and the calculators over HTTP.

const TODAY = new Date('2026-11-21T10:00:00+02:00');

function printMicro(label: string, r: { nsPerOp: number; opsPerSec: number }) {
  console.log(`  ${label.padEnd(62)} ${r.nsPerOp.toFixed(0).padStart(7)} ns/op ${r.opsPerSec.toLocaleString('en-ZA').padStart(14)} ops/s`);
}

/** PAYE computations per second, in process (no I/O). */
export async function payrollEngine() {
  // Remuneration varies per call so nothing is folded away; all inputs are valid.
  let i = 0;
  printMicro(
    'calculatePaye (monthly, R20 000–R29 999, age 35)',
    microbench(
      () => calculatePaye({ taxYear: 2027, period: 'monthly', remunerationCents: 2_000_000 + (i++ % 1_000_000), age: 35 }),
      1_000_000,
    ),
  );
  printMicro(
    'calculatePaye (monthly, age 67, 3 on medical aid, RA, bonus)',
    microbench(
      () =>
        calculatePaye({
          taxYear: 2027,
          period: 'monthly',
          remunerationCents: 2_850_000 + (i++ % 100_000),
          age: 67,
          medicalMembers: 3,
          retirementContributionsCents: 150_000,
          bonusCents: 1_000_000,
        }),
      1_000_000,
    ),
  );
  const input = payeInputSchema.parse({ taxYear: 2027, period: 'monthly', remuneration: 20000, age: 35 });
  printMicro(
    'payeApi (rands in/out, working off)',
    microbench(() => payeApi(input, TODAY, { working: false }), 500_000),
  );
  printMicro(
    'payeApi (rands in/out, working on)',
    microbench(() => payeApi(input, TODAY), 200_000),
  );
  printMicro(
    'payeInputSchema.parse + payeApi (working on)',
    microbench(() => payeApi(payeInputSchema.parse({ period: 'monthly', remuneration: '20000', age: '35' }), TODAY), 100_000),
  );
  const slip = payslipInputSchema.parse({ taxYear: 2027, period: 'monthly', remuneration: 20000, age: 35, medicalMembers: 2 });
  printMicro(
    'payslipApi (working on)',
    microbench(() => payslipApi(slip, TODAY), 100_000),
  );
}

/** requests/s and p99 for the PAYE API and the calculators' live fragment, signed in. */
export async function payrollHttp(s: BenchServer) {
  const cookie = await login(s.url);
  printLoad([
    await load(`POST /api/payroll/paye (signed in) [${s.kind}]`, {
      url: `${s.url}/api/payroll/paye`,
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ period: 'monthly', remuneration: 20000, age: 35, medicalMembers: 2 }),
    }),
    await load(`POST /calculators/paye (htmx) [${s.kind}]`, {
      url: `${s.url}/calculators/paye`,
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', 'hx-request': 'true' },
      body: 'taxYear=2027&period=monthly&remuneration=20000&age=35&medicalMembers=2',
    }),
  ]);
}
