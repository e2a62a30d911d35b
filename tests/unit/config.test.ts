import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

describe('loadConfig', () => {
  it('has a zero-config default: PGlite under ./data, port 5000, demo accounts outside production', () => {
    const c = loadConfig({});
    expect(c.port).toBe(5000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toMatch(/data$/);
    expect(c.demoAccounts).toBe(true);
    expect(c.s3).toBeUndefined();
    expect(c.ai).toBeUndefined();
  });
  it('turns demo accounts off in production unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demoAccounts).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_ACCOUNTS: 'true' }).demoAccounts).toBe(true);
  });
  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url' });
    } catch (e) {
      expect((e as Error).message).toContain('PORT');
      expect((e as Error).message).toContain('DATABASE_URL');
    }
  });
  it('needs a bucket with an S3 endpoint', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:4569' })).toThrow(/S3_BUCKET/);
  });
  it('PayFast: the sandbox by default; live hosts when PAYFAST_SANDBOX=false; PayFast’s published ITN ranges', () => {
    const sandbox = loadConfig({}).payfast;
    expect(sandbox).toMatchObject({
      sandbox: true, merchantId: '10000100', processUrl: 'https://sandbox.payfast.co.za/eng/process', validateUrl: 'https://sandbox.payfast.co.za/eng/query/validate', apiUrl: 'https://api.payfast.co.za',
    });
    expect(sandbox.itnSourceRanges).toEqual(['197.97.145.144/28', '41.74.179.192/27', '102.216.36.0/28', '102.216.36.128/28', '144.126.193.139/32']);
    expect(loadConfig({ PAYFAST_SANDBOX: 'false' }).payfast).toMatchObject({ processUrl: 'https://www.payfast.co.za/eng/process', validateUrl: 'https://www.payfast.co.za/eng/query/validate' });
    expect(loadConfig({ PAYFAST_ITN_SOURCE_IPS: ' 10.0.0.0/8 , ::1/128 ' }).payfast.itnSourceRanges).toEqual(['10.0.0.0/8', '::1/128']);
  });
  it('refuses an ITN source list that is not CIDR ranges, naming the variable', () => {
    expect(() => loadConfig({ PAYFAST_ITN_SOURCE_IPS: '197.97.145.144' })).toThrow(/PAYFAST_ITN_SOURCE_IPS/);
    expect(() => loadConfig({ PAYFAST_ITN_SOURCE_IPS: 'payfast.co.za/28' })).toThrow(/PAYFAST_ITN_SOURCE_IPS/);
  });
});
