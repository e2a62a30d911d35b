import { postgresReachable, startBenchServer, type BenchServer } from './lib';
import { accounts } from './sections/accounts';
import { payrollEngine, payrollHttp } from './sections/payroll';
import { knowledge } from './sections/knowledge';
import { assistant, streamingFirstByte } from './sections/assistant';
import { signInDuringBursts } from './sections/burst';
import { landingVersusBare, transferSizes } from './sections/transfer';
import { billing } from './sections/billing';
import { userManagement } from './sections/users';
import { overhead } from './sections/overhead';
import { crowd } from './sections/crowd';
import { understanding } from './sections/understanding';

// `npm run bench`: builds, then measures each capability on PGlite and on PostgreSQL (when reachable).
type Section = { name: string; perDatabase?: (s: BenchServer) => Promise<void>; once?: () => Promise<void> };

const sections: Section[] = [
  { name: 'Assistant understanding on the corpus (held-out and training parts)', once: understanding },
  // The built server as its own process beside a bare Hono + postgres.js one (needs PostgreSQL).
  { name: 'Per-request overhead against bare Hono (separate processes, PostgreSQL)', once: overhead },
  { name: 'Search and chat for 200 connections at 10 000 articles (the built server as its own process)', once: crowd },
  { name: 'Accounts and pages', perDatabase: accounts },
  { name: 'Payroll engine (PAYE computations)', once: payrollEngine },
  { name: 'Payroll calculators over HTTP', perDatabase: payrollHttp },
  { name: 'Knowledge base at 10 000 articles', perDatabase: knowledge },
  // After the knowledge section: the assistant searches 10 000 articles.
  { name: 'Assistant (built-in engine) at 10 000 articles', perDatabase: assistant },
  { name: 'Assistant streaming (OpenAI-compatible engine, local model)', once: streamingFirstByte },
  { name: 'User management at 10 000 users and 200 000 messages', perDatabase: userManagement },
];

async function main() {
  const kinds: ('pglite' | 'postgres')[] = ['pglite'];
  if (await postgresReachable()) kinds.push('postgres');
  else console.log('PostgreSQL not reachable: PostgreSQL figures skipped (set TEST_DATABASE_URL).');
  console.log(`PayeWise bench — node ${process.version}, ${new Date().toISOString()}\n`);
  // BENCH_ONLY=<part of a section name> runs just the matching sections (for working on one of them).
  const only = process.env.BENCH_ONLY?.toLowerCase();
  if (only) {
    const picked = sections.filter((x) => x.name.toLowerCase().includes(only));
    sections.splice(0, sections.length, ...picked);
  }
  for (const sec of sections.filter((x) => x.once)) {
    console.log(`# ${sec.name}`);
    await sec.once!();
  }
  for (const kind of kinds) {
    if (only) {
      const server = await startBenchServer(kind);
      try {
        for (const sec of sections.filter((x) => x.perDatabase)) {
          console.log(`# ${sec.name} — ${kind}`);
          await sec.perDatabase!(server);
        }
      } finally {
        await server.close();
      }
      continue;
    }
    console.log(`# A normal sign-in during attack bursts (production limits) — ${kind}`);
    await signInDuringBursts(kind);
    console.log(`# Subscriptions (PayFast ITNs against a local validate endpoint) — ${kind}`);
    await billing(kind);
    const server = await startBenchServer(kind);
    try {
      if (kind === 'pglite') {
        // Before the knowledge base is grown to 10 000 articles, so pages weigh what they do with the shipped content.
        console.log('# Page weight');
        await transferSizes(server);
        console.log('# Landing page against bare Hono');
        await landingVersusBare(server);
      }
      for (const sec of sections.filter((x) => x.perDatabase)) {
        console.log(`# ${sec.name} — ${kind}`);
        await sec.perDatabase!(server);
      }
    } finally {
      await server.close();
    }
    console.log('');
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
