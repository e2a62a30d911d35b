import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

// What `npm run build` makes and the integration and browser tests run: the served client assets and the server.
const BUILD = ['dist/client/.vite/manifest.json', 'dist/server/server.js'];

export default function setup(project: TestProject) {
  if (project.name === 'integration' || project.name === 'e2e') {
    const dir = path.resolve(process.env.SMOKE_APP_DIR ?? '.');
    const missing = BUILD.filter((file) => !fs.existsSync(path.join(dir, file)));
    if (missing.length) {
      // Said once and first, not as a TypeError in every test; a thrown error would come after "No test files found".
      console.error(`\nThe build is missing (${missing.join(', ')} in ${dir}): run npm run build first (npm test does).\n`);
      process.exit(1);
    }
  }
  if (process.env.TEST_DATABASE_URL) {
    console.log(
      `\n[payewise] PostgreSQL leg ON: integration tests also run against ${process.env.TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//')}\n`,
    );
  } else {
    console.log('\n[payewise] PostgreSQL leg SKIPPED: TEST_DATABASE_URL is not set, so integration tests run on PGlite only.\n');
  }
}
