// Builds the client and server bundles into dist/ and stamps the build with a hash of what it was built from.
// `--if-stale` (npm start) builds only when dist/ is missing or incomplete, was changed after its stamp, or was built
// from other sources than today's, and then prints only warnings and errors.
import { spawnSync } from 'node:child_process';
import console from 'node:console';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Everything the bundles are built from; db/ and public/ too, to be safe (a needless build costs seconds, a stale one a bug).
const INPUTS = [
  'src',
  'routes',
  'islands',
  'db',
  'public',
  'patches',
  'scripts/build.mjs',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];
const OUTPUTS = ['dist/client/.vite/manifest.json', 'dist/server/server.js'];
const STAMP = path.join(root, 'dist', '.build-stamp.json');
const STEPS = [['build'], ['build', '--ssr', 'src/server.ts', '--outDir', 'dist/server']];

function files(rel) {
  const abs = path.join(root, rel);
  if (!fs.existsSync(abs)) return [];
  if (!fs.statSync(abs).isDirectory()) return [rel];
  return fs
    .readdirSync(abs, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)));
}

/** Content, not modification times: a fresh clone or a checkout touches every file without changing one. */
function hash(rels) {
  const h = createHash('sha256');
  for (const rel of rels.sort())
    h.update(`${rel.split(path.sep).join('/')}\0`)
      .update(fs.readFileSync(path.join(root, rel)))
      .update('\0');
  return h.digest('hex');
}
const inputsHash = () => hash(INPUTS.flatMap(files));
const outputsHash = () => hash([...OUTPUTS]);

function staleBecause() {
  if (!OUTPUTS.every((f) => fs.existsSync(path.join(root, f)))) return 'dist/ has no complete build';
  let stamp;
  try {
    stamp = JSON.parse(fs.readFileSync(STAMP, 'utf8'));
  } catch {
    return 'dist/ has no build stamp';
  }
  if (stamp.outputs !== outputsHash()) return 'dist/ was changed after it was stamped';
  if (stamp.inputs !== inputsHash()) return 'sources changed since the last build';
  return null;
}

const ifStale = process.argv.includes('--if-stale');
if (ifStale) {
  const reason = staleBecause();
  if (!reason) process.exit(0);
  console.log(`Building the app (${reason})…`);
}

const started = Date.now();
// Hashed before building: a source saved during the build makes the stamp differ, so the next start builds again.
const inputs = inputsHash();
fs.rmSync(STAMP, { force: true });
const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
for (const args of STEPS) {
  const run = spawnSync(process.execPath, [vite, ...args, ...(ifStale ? ['--logLevel', 'warn'] : [])], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
fs.writeFileSync(STAMP, `${JSON.stringify({ inputs, outputs: outputsHash() })}\n`);
if (ifStale) console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
