import { describe, expect, it } from 'vitest';
import { clientContext, clientFormFill } from '../../../src/clients/facts';
import { CALCULATORS, fillFor, takesClient, CALCULATOR_LIST } from '../../../src/ui/calculators/model';

// A client company's facts, as the assistant assumes them and as a calculator's form is filled with them (issue 27).
const base = {
  name: 'Acme',
  sdlRegistered: true,
  payrollUnder500k: false,
  annualPayroll: null,
  payFrequency: 'monthly' as const,
  payDay: null,
  etiEligible: true,
  specialEconomicZone: false,
};

describe('clientContext', () => {
  it('makes a client exempt from SDL when it is not registered or its payroll is R500 000 or less, and says why', () => {
    expect(clientContext({ ...base, annualPayroll: 500_000 }).said.sdlExempt).toBe(
      'Acme pays no SDL: its annual payroll is R500 000 or less',
    );
    expect(clientContext({ ...base, sdlRegistered: false }).slots).toEqual({ sdlExempt: true });
    expect(clientContext({ ...base, annualPayroll: 500_000.01 }).slots).toEqual({});
  });
});

describe('clientFormFill and the calculators', () => {
  it('gives the pay period, the payroll ("under R500 000" as R500 000) and the zone, each in words', () => {
    const f = clientFormFill({ ...base, payFrequency: 'fortnightly', payrollUnder500k: true, specialEconomicZone: true });
    expect(f.values).toEqual({ period: 'fortnightly', annualPayroll: '500000', specialEconomicZone: 'true' });
    expect(f.said.annualPayroll).toBe('Annual payroll: under R500 000.00 (taken as R500 000.00)');
    expect(f.cautions).toEqual({});
    expect(clientFormFill({ ...base, annualPayroll: 1_234_567.5 }).said.annualPayroll).toBe('Annual payroll: R1 234 567.50');
  });

  it('cautions where a fact is missing or the employer may not qualify', () => {
    const f = clientFormFill({ ...base, sdlRegistered: false, etiEligible: false });
    expect(f.values.annualPayroll).toBeUndefined();
    expect(Object.keys(f.cautions).sort()).toEqual(['annualPayroll', 'monthOfEmployment']);
  });

  it('fills only the fields a calculator takes from a client', () => {
    const f = clientFormFill({ ...base, payFrequency: 'weekly', annualPayroll: 900_000, etiEligible: false });
    expect(fillFor(CALCULATORS.paye, 1, f).values).toEqual({ period: 'weekly' });
    expect(fillFor(CALCULATORS['uif-sdl'], 1, f).values).toEqual({ period: 'weekly', annualPayroll: '900000' });
    expect(fillFor(CALCULATORS['payroll-run'], 1, f).values).toEqual({ annualPayroll: '900000' });
    const eti = fillFor(CALCULATORS.eti, 1, f);
    expect(eti.values).toEqual({ specialEconomicZone: 'false' });
    expect(eti.cautions).toEqual(['Acme is not marked as an ETI-eligible employer: check that it qualifies before claiming.']);
    expect(fillFor(CALCULATORS.paye, 1, f).cautions).toEqual([]);
    expect(CALCULATOR_LIST.filter(takesClient).map((d) => d.id)).toEqual(['paye', 'payslip', 'bonus', 'uif-sdl', 'eti', 'payroll-run']);
  });
});
