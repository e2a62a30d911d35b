import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { DEMO_PASSWORD } from '../../src/auth/service';
import type { Started } from '../../src/bootstrap';
import { loadConfig } from '../../src/config';
import { startServer as listen } from '../../src/server';
import { createTestDatabase } from './db';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface RunningServer {
  url: string;
  started: Started;
  close(): Promise<void>;
}

/** The server `npm start` runs (src/server.ts, with the built client) on a random local port and a fresh DATA_DIR. */
export async function startServer(env: Record<string, string> = {}, opts: { postgres?: boolean } = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payewise-e2e-'));
  const pg = opts.postgres ? await createTestDatabase() : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO_ACCOUNTS: 'true',
    PORT: '0',
    HOST: '127.0.0.1',
    ...(pg ? { DATABASE_URL: pg.url } : {}),
    ...env,
  });
  const running = await listen(config, { memoryDb: !pg });
  return {
    url: running.url,
    started: running.started,
    async close() {
      await running.close();
      await pg?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/** Signs a browser context in as a demo account through the API (the context keeps the cookie). */
export async function signIn(context: BrowserContext, url: string, username: 'demo' | 'admin' = 'demo') {
  const res = await context.request.post(`${url}/api/login`, { data: { username, password: DEMO_PASSWORD } });
  if (res.status() !== 200) throw new Error(`sign-in as ${username} failed: ${res.status()}`);
}

/** Fails the test on any uncaught page error or CSP violation, which would otherwise go unnoticed. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/.test(m.text())) errors.push(`csp: ${m.text()}`);
  });
  return errors;
}

/** Adds React's own console errors (a hydration mismatch among them) to the list watchPageErrors keeps. */
export function watchReactErrors(page: Page, errors: string[]): string[] {
  page.on('console', (m) => {
    if (m.type() === 'error' && /React|hydrat/i.test(m.text())) errors.push(`react: ${m.text()}`);
  });
  return errors;
}

/** Waits until the island of this name (data-island) is on the page and hydrated. */
export function hydrated(page: Page, island: string): Promise<void> {
  return page.locator(`[data-island="${island}"][data-hydrated="true"]`).waitFor();
}

/** Whether the page fits the window's width (nothing to scroll sideways). */
export function noSidewaysScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** Whether the element has the focus. */
export function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el === document.activeElement);
}

/** Each element's text and the number of lines it is laid out on ("R342 000.00: 1"): lines of text, not its box's height. */
export function linesPerElement(elements: Locator): Promise<string[]> {
  return elements.evaluateAll((els) =>
    els.map((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return `${el.textContent}: ${new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size}`;
    }),
  );
}

export interface OpenPageOptions {
  /** The window's height; 900 unless said. */
  height?: number;
  /** Signed in through the API before the page opens: true for the demo user, or which demo account. */
  signedIn?: boolean | 'demo' | 'admin';
  /** More for the browser context (permissions, isMobile, javaScriptEnabled…); the viewport comes from the width and height. */
  context?: BrowserContextOptions;
  /** Also collect React's own console errors (watchReactErrors). */
  reactErrors?: boolean;
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** What watchPageErrors (and, if asked, watchReactErrors) collected: a test expects it empty. */
  errors: string[];
}

export interface BrowserSuite {
  /** The server of the suite: started in its beforeAll, closed in its afterAll. */
  readonly server: RunningServer;
  /** Chromium, launched in the suite's beforeAll, closed in its afterAll. */
  readonly browser: Browser;
  /** A page in a new browser context `width` px wide, watched for page errors; the test closes its context. */
  openPage(width: number, opts?: OpenPageOptions): Promise<OpenedPage>;
}

/**
 * For a describe block in Chromium: registers a beforeAll that starts the built server (startServer) and launches
 * the browser, and an afterAll that closes both. `env` may be a function, read in the beforeAll, for what the server
 * is pointed at (a peer started by an earlier beforeAll); hooks registered before this call run before the start and
 * after the close (vitest runs afterAll hooks in reverse).
 */
export function useBrowserSuite(
  env: Record<string, string> | (() => Record<string, string>) = {},
  opts: { postgres?: boolean } = {},
): BrowserSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer(typeof env === 'function' ? env() : env, opts);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  const ready = <T>(what: string, value: T | undefined): T => {
    if (value === undefined) throw new Error(`the suite's ${what} is not started: use it in a test or a beforeAll after useBrowserSuite()`);
    return value;
  };
  const suite: BrowserSuite = {
    get server() {
      return ready('server', server);
    },
    get browser() {
      return ready('browser', browser);
    },
    async openPage(width, { height = 900, signedIn = false, context: options = {}, reactErrors = false } = {}) {
      const context = await suite.browser.newContext({ ...options, viewport: { width, height } });
      if (signedIn) await signIn(context, suite.server.url, signedIn === true ? 'demo' : signedIn);
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      if (reactErrors) watchReactErrors(page, errors);
      return { context, page, errors };
    },
  };
  return suite;
}

export interface CapturedMail {
  to: string;
  raw: string;
}

export interface SmtpPeerOptions {
  /** Recipients whose RCPT TO is never answered: a server that hangs in the middle of the envelope. */
  stallRecipient?: (address: string) => boolean;
  /** Reads the whole message, keeps it, and never answers its end: a server that hangs after receiving it. */
  hangAfterData?: boolean;
}

/** A real SMTP peer on a random port that keeps what it receives (and, if asked, hangs). */
export async function startSmtpPeer(
  listenPort = 0,
  opts: SmtpPeerOptions = {},
): Promise<{
  url: string;
  mails: CapturedMail[];
  stalled: string[];
  waitFor(to: string, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}> {
  const mails: CapturedMail[] = [];
  const stalled: string[] = [];
  const hangs = !!opts.stallRecipient || !!opts.hangAfterData;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // A hung session is cut soon at close, not after the default 30 s.
    ...(hangs ? { closeTimeout: 500 } : {}),
    onRcptTo(address, _session, callback) {
      if (opts.stallRecipient?.(address.address)) {
        stalled.push(address.address);
        return; // never answered
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (d) => (raw += d.toString()));
      stream.on('end', () => {
        for (const rcpt of session.envelope.rcptTo) mails.push({ to: rcpt.address, raw });
        if (!opts.hangAfterData) callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    stalled,
    async waitFor(to, timeoutMs = 10_000) {
      const end = Date.now() + timeoutMs;
      while (Date.now() < end) {
        const m = mails.find((x) => x.to === to);
        if (m) return m;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
