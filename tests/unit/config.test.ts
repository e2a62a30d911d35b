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
});
