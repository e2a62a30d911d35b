import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config';

// Production with each unsafe default named on purpose (what CI's image smoke and the bench start with).
const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://payewise.example', MAIL_OUTBOX_ONLY: 'true', PAYFAST_SANDBOX: 'true' };

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
    expect(loadConfig(PRODUCTION).demoAccounts).toBe(false);
    expect(loadConfig({ ...PRODUCTION, DEMO_ACCOUNTS: 'true' }).demoAccounts).toBe(true);
  });
  describe('production refuses to start on development defaults, naming each setting', () => {
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (e) {
        expect(e).toBeInstanceOf(ConfigError);
        return (e as Error).message;
      }
      return null;
    };
    it('with nothing said: no public address, no mail server, the sandbox merchant', () => {
      const message = refusal({ NODE_ENV: 'production' });
      expect(message).toMatch(/^Refusing to start in production:/);
      for (const name of ['PUBLIC_URL', 'SMTP_URL', 'MAIL_OUTBOX_ONLY=true', 'PAYFAST_SANDBOX']) expect(message).toContain(name);
    });
    it('each setting alone', () => {
      const missing = (key: keyof typeof PRODUCTION) => refusal(Object.fromEntries(Object.entries(PRODUCTION).filter(([k]) => k !== key)));
      expect(missing('PUBLIC_URL')).toContain('PUBLIC_URL: required in production');
      expect(missing('MAIL_OUTBOX_ONLY')).toContain('SMTP_URL: required in production');
      expect(missing('PAYFAST_SANDBOX')).toContain('PAYFAST_SANDBOX:');
      expect(refusal({ ...PRODUCTION, MAIL_OUTBOX_ONLY: 'false' })).toContain('SMTP_URL');
      expect(refusal({ ...PRODUCTION, SMTP_URL: 'smtp://mail.example.com:587' })).toContain('MAIL_OUTBOX_ONLY: true contradicts SMTP_URL');
    });
    it('live payments need the merchant’s own id, key and passphrase', () => {
      const message = refusal({ ...PRODUCTION, PAYFAST_SANDBOX: 'false', PAYFAST_MERCHANT_ID: '10000100' });
      for (const name of ['PAYFAST_MERCHANT_ID', 'PAYFAST_MERCHANT_KEY', 'PAYFAST_PASSPHRASE'])
        expect(message).toContain(`${name}: your PayFast merchant`);
      const live = {
        ...PRODUCTION,
        PAYFAST_SANDBOX: 'false',
        PAYFAST_MERCHANT_ID: '12345678',
        PAYFAST_MERCHANT_KEY: 'abcdefghijk12',
        PAYFAST_PASSPHRASE: 'Salt2026',
      };
      expect(loadConfig(live).payfast).toMatchObject({
        sandbox: false,
        merchantId: '12345678',
        processUrl: 'https://www.payfast.co.za/eng/process',
      });
    });
    it('starts when each is said, and never logs mail bodies (reset codes) in production', () => {
      expect(loadConfig(PRODUCTION).mail).toEqual({
        smtpUrl: undefined,
        from: 'PayeWise <no-reply@payewise.co.za>',
        logBodies: false,
        connectTimeoutMs: 5000,
        sendTimeoutMs: 30000,
        concurrency: 4,
        shutdownWaitMs: 5000,
      });
      expect(loadConfig({ ...PRODUCTION, MAIL_OUTBOX_ONLY: '', SMTP_URL: 'smtp://mail.example.com:587' }).mail.smtpUrl).toBe(
        'smtp://mail.example.com:587',
      );
      expect(loadConfig({}).mail.logBodies).toBe(true);
    });
    it('development and test start on the defaults as before', () => {
      expect(refusal({})).toBeNull();
      expect(refusal({ NODE_ENV: 'test' })).toBeNull();
    });
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
      sandbox: true,
      merchantId: '10000100',
      processUrl: 'https://sandbox.payfast.co.za/eng/process',
      validateUrl: 'https://sandbox.payfast.co.za/eng/query/validate',
      apiUrl: 'https://api.payfast.co.za',
    });
    expect(sandbox.itnSourceRanges).toEqual([
      '197.97.145.144/28',
      '41.74.179.192/27',
      '102.216.36.0/28',
      '102.216.36.128/28',
      '144.126.193.139/32',
    ]);
    expect(loadConfig({ PAYFAST_SANDBOX: 'false' }).payfast).toMatchObject({
      processUrl: 'https://www.payfast.co.za/eng/process',
      validateUrl: 'https://www.payfast.co.za/eng/query/validate',
    });
    expect(loadConfig({ PAYFAST_ITN_SOURCE_IPS: ' 10.0.0.0/8 , ::1/128 ' }).payfast.itnSourceRanges).toEqual(['10.0.0.0/8', '::1/128']);
  });
  it('refuses an ITN source list that is not CIDR ranges, naming the variable', () => {
    expect(() => loadConfig({ PAYFAST_ITN_SOURCE_IPS: '197.97.145.144' })).toThrow(/PAYFAST_ITN_SOURCE_IPS/);
    expect(() => loadConfig({ PAYFAST_ITN_SOURCE_IPS: 'payfast.co.za/28' })).toThrow(/PAYFAST_ITN_SOURCE_IPS/);
  });
});
