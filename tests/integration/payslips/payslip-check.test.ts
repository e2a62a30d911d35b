import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payslipChecks } from '../../../db/schema';
import { registerUser, type TestClient, useTestApp } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';
import { payslipPdf } from '../../helpers/payslip-pdf';

const text = (name: string) => fs.readFileSync(`tests/fixtures/payslips/${name}`, 'utf8');
const upload = (bytes: Uint8Array, name: string, facts?: object) => {
  const fd = new FormData();
  fd.append('file', new File([bytes as unknown as BlobPart], name));
  if (facts) fd.append('facts', JSON.stringify(facts));
  return fd;
};

describe.each(dbKinds)('the payslip checker on %s', (kind) => {
  let me: TestClient;
  let other: TestClient;

  const t = useTestApp(kind, {}, { clock: () => new Date('2026-11-27T08:00:00Z') });
  beforeAll(async () => {
    me = (await registerUser(t)).client;
    other = (await registerUser(t)).client;
  });

  it('reads pasted text and names the wrong figure, its amount and the likely reason, with the working', async () => {
    const res = await me.post('/api/payroll/payslip-check', { text: text('a-one-column.txt'), facts: { medicalMembers: 2 } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.read).toMatchObject({ payDate: '2026-11-25', period: 'monthly', gross: 29500, net: 22066.3 });
    expect(body.read.earnings).toEqual([
      { label: 'Basic Salary', kind: 'basic', amount: 25000 },
      { label: 'Overtime', kind: 'overtime', amount: 1500 },
      { label: 'Travel Allowance', kind: 'travel', amount: 3000 },
    ]);
    expect(body.taxYear).toBe(2027);
    expect(body.findings).toEqual([
      {
        item: 'paye',
        label: 'PAYE',
        shown: 3281.58,
        expected: 3155.5,
        difference: 126.08,
        reason: 'the 2025/26 tax tables were used; the pay date falls in 2026/27',
        working: expect.arrayContaining([expect.stringContaining('R3 155.50')]),
      },
    ]);
    // The calculator agrees with the expected figure.
    const payslip = await me.post('/api/payroll/payslip', {
      taxYear: 2027,
      period: 'monthly',
      remuneration: 26500,
      age: 35,
      medicalMembers: 2,
      retirementContributions: 1875,
      travelAllowance: 3000,
    });
    expect(payslip.status).toBe(200);
    expect((await payslip.json()).paye).toBe(3155.5);
  });

  it('reads the same payslips from text-based PDFs in three layouts', async () => {
    const cases = [
      ['a-one-column.txt', { medicalMembers: 2 }, 'paye', 126.08],
      ['b-two-columns-ytd.txt', {}, 'uif', 202.88],
      ['c-weekly-pipes.txt', { medicalMembers: 1 }, 'paye', 86.77],
    ] as const;
    for (const [name, facts, item, difference] of cases) {
      const pdf = new Uint8Array(await payslipPdf(text(name)));
      const res = await me.post('/api/payroll/payslip-check', upload(pdf, name.replace('.txt', '.pdf'), facts));
      expect(res.status, name).toBe(200);
      const body = await res.json();
      expect(
        body.findings.map((f: { item: string; difference: number }) => [f.item, f.difference]),
        name,
      ).toEqual([[item, difference]]);
    }
  });

  it('checks the reading as the user corrected it, and says why it cannot check one without a pay date', async () => {
    const first = await (await me.post('/api/payroll/payslip-check', { text: text('b-two-columns-ytd.txt') })).json();
    const corrected = {
      ...first.read,
      deductions: first.read.deductions.map((d: { kind: string }) => (d.kind === 'uif' ? { ...d, amount: 177.12 } : d)),
      totalDeductions: null,
      net: null,
    };
    const res = await me.post('/api/payroll/payslip-check', { read: corrected });
    expect(res.status).toBe(200);
    expect((await res.json()).findings).toEqual([]);
    const undated = await me.post('/api/payroll/payslip-check', {
      text: 'Basic salary   R 12 000.00\nPAYE   R 1 000.00\nNet pay   R 11 000.00',
    });
    expect(undated.status).toBe(422);
    const problem = await undated.json();
    expect(problem).toMatchObject({ field: 'payDate', message: expect.stringMatching(/pay date could not be read/) });
    expect(problem.read.earnings).toEqual([{ label: 'Basic salary', kind: 'basic', amount: 12000 }]);
  });

  it('refuses what it cannot read with a clear 4xx', async () => {
    expect((await me.post('/api/payroll/payslip-check', {})).status).toBe(400);
    expect((await me.post('/api/payroll/payslip-check', { text: 'x'.repeat(50_001) })).status).toBe(400);
    const notPdf = await me.post('/api/payroll/payslip-check', upload(new TextEncoder().encode('hello'), 'slip.pdf'));
    expect(notPdf.status).toBe(415);
    const image = await me.post('/api/payroll/payslip-check', upload(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), 'slip.png'));
    expect(image.status).toBe(415);
    const broken = await me.post('/api/payroll/payslip-check', upload(new TextEncoder().encode('%PDF-1.7\nnot really'), 'slip.pdf'));
    expect(broken.status).toBe(422);
    expect((await broken.json()).message).toMatch(/could not be read/);
    const big = await me.post('/api/payroll/payslip-check', upload(new Uint8Array(10 * 1024 * 1024 + 1).fill(32), 'slip.txt'));
    expect(big.status).toBe(413);
    const signedOut = t.client();
    expect((await signedOut.post('/api/payroll/payslip-check', upload(new TextEncoder().encode('%PDF-'), 'slip.pdf'))).status).toBe(401);
  });

  it('stores nothing of a check until the user saves it; saved checks are listed, their own only, and deletable', async () => {
    const rows = () => t.database.db.select().from(payslipChecks);
    const before = (await rows()).length;
    const checked = await (
      await me.post('/api/payroll/payslip-check', { text: text('c-weekly-pipes.txt'), facts: { medicalMembers: 1 } })
    ).json();
    expect((await rows()).length).toBe(before);

    const saved = await me.post('/api/payroll/payslip-checks', {
      read: checked.read,
      facts: { medicalMembers: 1 },
      label: 'L Dlamini, week of 13 Nov',
    });
    expect(saved.status).toBe(201);
    const s = await saved.json();
    expect(s).toMatchObject({
      label: 'L Dlamini, week of 13 Nov',
      payDate: '2026-11-13',
      result: { findings: [expect.objectContaining({ item: 'paye', difference: 86.77 })] },
    });
    const [row] = await t.database.db.select().from(payslipChecks).where(eq(payslipChecks.id, s.id));
    expect(JSON.stringify(row)).not.toContain('Sizwe Retail');

    expect((await (await me.get('/api/payroll/payslip-checks')).json()).map((c: { id: number }) => c.id)).toContain(s.id);
    expect(await (await other.get('/api/payroll/payslip-checks')).json()).toEqual([]);
    expect((await other.delete(`/api/payroll/payslip-checks/${s.id}`)).status).toBe(404);
    expect((await me.delete(`/api/payroll/payslip-checks/${s.id}`)).status).toBe(200);
    expect((await me.delete(`/api/payroll/payslip-checks/${s.id}`)).status).toBe(404);
    expect((await me.delete('/api/payroll/payslip-checks/abc')).status).toBe(400);
  });
});
