// The one place where the app's parts are wired together. Route handlers receive `Services` (through
// c.get('services')) and never the database itself.
import type { Database } from '../db';
import { createAuthService, type AuthService, createPasswords, type HashingLimits, createRateLimiter, type AuthLimits } from './auth';
import type { Config } from './config';
import { createKnowledgeService, type KnowledgeService } from './knowledge';
import type { Logger } from './lib/logger';
import type { Mailer } from './mail';
import type { Storage } from './storage';
import type { Assets } from './ui/assets';
import { createEngine, createChatService, type ChatService, knowledgeTools, type AssistantEngine } from './assistant';
import { createBillingService, type BillingService, createPayfastClient, type PayfastClient } from './billing';
import { createInsightsService, type InsightsService } from './insights';
import {
  createUsersService,
  type UsersService,
  createAuditService,
  type AuditService,
  createDataExportService,
  type DataExportService,
} from './users';
import { createPayslipService, type PayslipService } from './payslips';
import { createCalendarService, type CalendarService } from './calendar';
import { createClientService, type ClientService } from './clients';
import { createReminderService, type ReminderService } from './reminders';

export interface Services {
  config: Config;
  log: Logger;
  /** The app's idea of now (tests move it). */
  clock: () => Date;
  assets: Assets;
  auth: AuthService;
  knowledge: KnowledgeService;
  chat: ChatService;
  billing: BillingService;
  users: UsersService;
  insights: InsightsService;
  /** The admin audit log, read (changes write it in their own transactions). */
  audit: AuditService;
  /** "Download my data": a user's own data as one file. */
  dataExport: DataExportService;
  /** The payslip checker and the checks users keep. */
  payslips: PayslipService;
  /** The compliance calendar and each user's private iCalendar feed. */
  calendar: CalendarService;
  /** Each user's client companies, whose facts a conversation tied to one assumes. */
  clients: ClientService;
  /** Deadline reminder e-mails: each user's opt-in, the job and the unsubscribe link. */
  reminders: ReminderService;
  mailer: Mailer;
  storage: Storage;
  /** Each outside part's state, found within HEALTH_WAIT_MS: what /api/health reports. */
  health(): Promise<Health>;
  /**
   * Periodic upkeep: mail retries, expired counters, uploads nobody attached, ITN retries and overdue renewals,
   * answers a stopped process left unfinished, knowledge content whose publish-at has come, deadline reminders due.
   */
  upkeep: {
    mail(): Promise<unknown>;
    counters(): Promise<unknown>;
    uploads(): Promise<unknown>;
    billing(): Promise<unknown>;
    answers(): Promise<unknown>;
    publish(): Promise<unknown>;
    reminders(): Promise<unknown>;
  };
}

/**
 * `unavailable` when the database is (nothing works without it); `degraded` when only attachments or mail are
 * (the rest works); mail kept in the outbox on purpose (`outbox`, no SMTP configured) is not a fault.
 */
export interface Health {
  status: 'ok' | 'degraded' | 'unavailable';
  database: 'ok' | 'unavailable';
  storage: 'ok' | 'unavailable';
  mail: 'ok' | 'delayed' | 'outbox';
}

/** A load balancer gives up on a check after a few seconds: each part gets at most this long to answer. */
export const HEALTH_WAIT_MS = 2_000;

const within = (p: Promise<boolean>, ms: number) =>
  Promise.race([p.catch(() => false), new Promise<boolean>((resolve) => setTimeout(resolve, ms, false).unref())]);

export interface ServiceDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  storage: Storage;
  assets: Assets;
  log: Logger;
  clock?: () => Date;
  limits?: Partial<AuthLimits>;
  hashing?: Partial<HashingLimits>;
  /** The assistant engine; by default the one the config chooses. */
  engine?: AssistantEngine;
  /** Fair-use questions per minute (the bench raises it). */
  chatPerMinute?: number;
  /** PayFast's endpoints; by default the ones the config names. */
  payfast?: PayfastClient;
}

export function createServices(deps: ServiceDeps): Services {
  const { config, database, mailer, storage, assets, log } = deps;
  const db = database.db;
  const clock = deps.clock ?? (() => new Date());
  const limiter = createRateLimiter(db, clock);
  const passwords = createPasswords(deps.hashing);
  const payfast = deps.payfast ?? createPayfastClient({ payfast: config.payfast, clock });
  const billing = createBillingService({ db, config, mailer, payfast, limiter, clock, log });
  const auth = createAuthService({
    db,
    mailer,
    limiter,
    passwords,
    clock,
    log,
    limits: deps.limits,
    beforeDelete: (u) => billing.stopCharges(u),
  });
  const subscribe: Database['subscribe'] = (channel, fn) => database.subscribe(channel, fn);
  const knowledge = createKnowledgeService({ db, storage, clock, log, subscribe });
  const tools = knowledgeTools(knowledge);
  const engine = deps.engine ?? createEngine(config, tools);
  const clients = createClientService({ db, clock });
  const reminders = createReminderService({ db, mailer, clock, log, baseUrl: config.publicUrl ?? `http://localhost:${config.port}` });
  const chat = createChatService({
    db,
    engine,
    knowledge: tools,
    limiter,
    clock,
    log,
    timeoutMs: config.aiTimeoutMs,
    perMinute: deps.chatPerMinute,
    subscribe,
    clientContext: clients.context,
  });
  return {
    config,
    log,
    clock,
    assets,
    auth,
    knowledge,
    chat,
    billing,
    users: createUsersService({ db, clock }),
    insights: createInsightsService({ db, clock, log, mailer }),
    audit: createAuditService({ db }),
    dataExport: createDataExportService({ db, limiter, clock, log }),
    payslips: createPayslipService({ db }),
    calendar: createCalendarService({ db, clock, limiter, clientsOf: (userId) => clients.list(userId) }),
    clients,
    reminders,
    mailer,
    storage,
    async health() {
      const [db, files] = await Promise.all([within(database.ping(), HEALTH_WAIT_MS), within(storage.check(), HEALTH_WAIT_MS)]);
      const mail = mailer.state();
      const status = !db ? 'unavailable' : !files || mail === 'delayed' ? 'degraded' : 'ok';
      return { status, database: db ? 'ok' : 'unavailable', storage: files ? 'ok' : 'unavailable', mail };
    },
    upkeep: {
      mail: () => mailer.deliverDue(),
      counters: () => limiter.sweep(),
      uploads: () => knowledge.sweepOrphanUploads(),
      billing: () => billing.sweep(),
      answers: () => chat.failInterrupted(),
      publish: () => knowledge.publishDue(),
      reminders: () => reminders.sendDueReminders(clock()),
    },
  };
}
