import { z } from 'zod';
import os from 'node:os';
import path from 'node:path';
import ipaddr from 'ipaddr.js';

const bool = z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1');

/** PayFast's addresses (reference: payfast.md), the outside part config points billing at; billing re-exports them. */
export const PAYFAST_HOSTS = {
  live: {
    process: 'https://www.payfast.co.za/eng/process',
    validate: 'https://www.payfast.co.za/eng/query/validate',
    cardUpdate: 'https://www.payfast.co.za/eng/recurring/update',
  },
  sandbox: {
    process: 'https://sandbox.payfast.co.za/eng/process',
    validate: 'https://sandbox.payfast.co.za/eng/query/validate',
    cardUpdate: 'https://sandbox.payfast.co.za/eng/recurring/update',
  },
  api: 'https://api.payfast.co.za',
} as const;

/** PayFast's published ITN source ranges (reference §4.2). */
export const PAYFAST_ITN_RANGES = ['197.97.145.144/28', '41.74.179.192/27', '102.216.36.0/28', '102.216.36.128/28', '144.126.193.139/32'];

/** PayFast's public sandbox merchant (reference: payfast.md): the zero-config default, never production's. */
const SANDBOX_MERCHANT = {
  PAYFAST_MERCHANT_ID: '10000100',
  PAYFAST_MERCHANT_KEY: '46f0cd694581a',
  PAYFAST_PASSPHRASE: 'jt7NOE43FZPn',
} as const;

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).optional(),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2_000),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(1_000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(15_000),
  PUBLIC_URL: z.string().url().optional(),
  DEMO_ACCOUNTS: bool.optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_OUTBOX_ONLY: bool.optional(),
  MAIL_FROM: z.string().min(3).default('PayeWise <no-reply@payewise.co.za>'),
  SMTP_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  SMTP_SEND_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
  MAIL_SHUTDOWN_WAIT_MS: z.coerce.number().int().min(0).max(120_000).default(5_000),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
  S3_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2_000),
  S3_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  AI_BASE_URL: z.string().url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  PAYFAST_MERCHANT_ID: z.string().default(SANDBOX_MERCHANT.PAYFAST_MERCHANT_ID),
  PAYFAST_MERCHANT_KEY: z.string().default(SANDBOX_MERCHANT.PAYFAST_MERCHANT_KEY),
  PAYFAST_PASSPHRASE: z.string().default(SANDBOX_MERCHANT.PAYFAST_PASSPHRASE),
  PAYFAST_SANDBOX: bool.default(true),
  PAYFAST_ITN_SOURCE_IPS: z
    .string()
    .default(PAYFAST_ITN_RANGES.join(','))
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine(
      (list) => list.length > 0 && list.every((c) => ipaddr.isValidCIDR(c)),
      'a comma-separated list of CIDR ranges, e.g. 197.97.145.144/28',
    ),
  PAYFAST_VALIDATE_URL: z.string().url().optional(),
  PAYFAST_API_URL: z.string().url().default(PAYFAST_HOSTS.api),
  PAYFAST_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  INFORMATION_OFFICER_NAME: z.string().trim().min(1).max(200).optional(),
  INFORMATION_OFFICER_EMAIL: z.string().trim().email().max(254).optional(),
});

export type Env = z.input<typeof schema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Connections each process keeps to PostgreSQL (docs/decisions/008 on choosing it). */
  databasePoolSize: number;
  /**
   * How long PostgreSQL may take (docs/decisions/012): to connect; to answer before a fresh connection checks, as
   * long again, whether it is there at all (if not, requests fail at once until it is); and at most, any statement.
   */
  databaseTimeouts: { connectMs: number; queryMs: number; statementMs: number };
  publicUrl?: string;
  demoAccounts: boolean;
  /** `logBodies`: the outbox mailer logs what it keeps, bodies included (reset codes) — never in production. */
  /**
   * `connectTimeoutMs`: to connect and be greeted; `sendTimeoutMs`: for one message, start to end; `concurrency`: messages
   * sent at once; `shutdownWaitMs`: how long a stopping process lets sends under way finish.
   */
  mail: {
    smtpUrl?: string;
    from: string;
    logBodies: boolean;
    connectTimeoutMs: number;
    sendTimeoutMs: number;
    concurrency: number;
    shutdownWaitMs: number;
  };
  /** `connectTimeoutMs`: to open a connection; `timeoutMs`: for one request, and for a socket to stay silent. */
  s3?: {
    endpoint: string;
    bucket: string;
    region: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    forcePathStyle: boolean;
    connectTimeoutMs: number;
    timeoutMs: number;
  };
  ai?: { baseUrl: string; apiKey?: string; model: string };
  /** How long an answer may take, either engine. */
  aiTimeoutMs: number;
  payfast: {
    merchantId: string;
    merchantKey: string;
    passphrase: string;
    sandbox: boolean;
    /** Where the checkout form posts. */
    processUrl: string;
    /** PayFast's ITN confirmation endpoint. */
    validateUrl: string;
    /** The subscriptions REST API. */
    apiUrl: string;
    /** CIDR ranges ITNs may come from. */
    itnSourceRanges: string[];
    /** How long a call to PayFast may take. */
    timeoutMs: number;
  };
  trustProxy: boolean;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** POPIA's information officer as /privacy names them; unset parts are said to be unset there, never made up. */
  informationOfficer: { name?: string; email?: string };
}

export class ConfigError extends Error {}

/**
 * What production may not run on by default: each a development convenience that would fail quietly there
 * (payments to the sandbox, reset codes never delivered, PayFast posting to nowhere). `given`: the variables set.
 */
function productionProblems(given: Record<string, string>, e: z.output<typeof schema>): string[] {
  const problems: string[] = [];
  if (!e.PUBLIC_URL)
    problems.push('PUBLIC_URL: required in production (the address PayFast posts its notifications to and e-mails link to)');
  if (!e.SMTP_URL && e.MAIL_OUTBOX_ONLY !== true) {
    problems.push(
      'SMTP_URL: required in production, or MAIL_OUTBOX_ONLY=true to keep mail in the outbox on purpose (password-reset codes are then never delivered)',
    );
  }
  if (e.SMTP_URL && e.MAIL_OUTBOX_ONLY === true) problems.push('MAIL_OUTBOX_ONLY: true contradicts SMTP_URL; set one of them');
  if (given.PAYFAST_SANDBOX === undefined) {
    problems.push('PAYFAST_SANDBOX: say false for real payments (with your merchant) or true for the sandbox, in production');
  } else if (!e.PAYFAST_SANDBOX) {
    for (const [name, sandboxValue] of Object.entries(SANDBOX_MERCHANT)) {
      if (given[name] === undefined || given[name] === sandboxValue)
        problems.push(
          `${name}: your PayFast merchant's value is required when PAYFAST_SANDBOX=false (the default is the public sandbox merchant's)`,
        );
    }
  }
  return problems;
}

/** Reads the environment once; every bad variable is named in the error. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const raw = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.S3_ENDPOINT && !e.S3_BUCKET) throw new ConfigError('Invalid environment:\n  S3_BUCKET: required when S3_ENDPOINT is set');
  const production = e.NODE_ENV === 'production';
  const problems = production ? productionProblems(raw as Record<string, string>, e) : [];
  if (problems.length) throw new ConfigError(`Refusing to start in production:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE ?? Math.max(2, os.availableParallelism()),
    databaseTimeouts: {
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      queryMs: e.DATABASE_QUERY_TIMEOUT_MS,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    publicUrl: e.PUBLIC_URL,
    demoAccounts: e.DEMO_ACCOUNTS ?? !production,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      logBodies: !production,
      connectTimeoutMs: e.SMTP_CONNECT_TIMEOUT_MS,
      sendTimeoutMs: e.SMTP_SEND_TIMEOUT_MS,
      concurrency: e.MAIL_CONCURRENCY,
      shutdownWaitMs: e.MAIL_SHUTDOWN_WAIT_MS,
    },
    s3: e.S3_ENDPOINT
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET!,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          connectTimeoutMs: e.S3_CONNECT_TIMEOUT_MS,
          timeoutMs: e.S3_TIMEOUT_MS,
        }
      : undefined,
    ai: e.AI_BASE_URL ? { baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL } : undefined,
    aiTimeoutMs: e.AI_TIMEOUT_MS,
    payfast: {
      merchantId: e.PAYFAST_MERCHANT_ID,
      merchantKey: e.PAYFAST_MERCHANT_KEY,
      passphrase: e.PAYFAST_PASSPHRASE,
      sandbox: e.PAYFAST_SANDBOX,
      processUrl: PAYFAST_HOSTS[e.PAYFAST_SANDBOX ? 'sandbox' : 'live'].process,
      validateUrl: e.PAYFAST_VALIDATE_URL ?? PAYFAST_HOSTS[e.PAYFAST_SANDBOX ? 'sandbox' : 'live'].validate,
      apiUrl: e.PAYFAST_API_URL,
      itnSourceRanges: e.PAYFAST_ITN_SOURCE_IPS,
      timeoutMs: e.PAYFAST_TIMEOUT_MS,
    },
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    informationOfficer: { name: e.INFORMATION_OFFICER_NAME, email: e.INFORMATION_OFFICER_EMAIL },
  };
}
