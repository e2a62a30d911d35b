// @ts-check
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import fs from 'node:fs';

// Beyond the recommended rules, the import rules hold the layout in place: no import cycles; the payroll
// engine imports nothing of ours; routes never reach the database; islands (browser code) never import
// server modules; db/ stands on its own; a domain is used through its front door.
//
// A domain is a folder of src/ with an index.ts. Code outside it (routes, the wiring, pages, other domains)
// imports that index and nothing else of it; inside, files import each other freely.
const DOMAINS = fs.readdirSync('src').filter((d) => fs.existsSync(`src/${d}/index.ts`) && d !== 'lexicon');
const frontDoors = DOMAINS.map((d) => ({
  target: [
    './routes',
    ...fs
      .readdirSync('src')
      .filter((e) => e !== d && e !== 'types')
      .map((e) => `./src/${e}`),
  ],
  from: `./src/${d}`,
  except: ['./index.ts'],
  message: `Use src/${d} through its front door, src/${d}/index.ts: add what you need to its exports.`,
}));

export default defineConfig(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'db/migrations/**', '.dev/**'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Matching control characters on purpose is how bad input is refused.
      'no-control-regex': 'off',
      // Hono's `c.var` copies every request variable into a new object on each access.
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='c'][property.name='var']",
          message: "Use c.get('name'): c.var copies all variables on every access.",
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/payroll',
              from: ['./src', './routes', './islands', './db'],
              except: ['./payroll'],
              message: 'The payroll engine is pure: it imports nothing of ours.',
            },
            { target: './routes', from: './db', message: 'Routes call services; they never use the database.' },
            {
              target: ['./src/schemas', './src/config.ts'],
              from: './src',
              except: ['./schemas', './payroll', './lib/sa-time.ts'],
              message: 'Contracts and config are what domains build on: they import no domain (the pure payroll engine aside).',
            },
            {
              target: './islands',
              from: './src',
              except: [
                './schemas',
                './lib/sa-time.ts',
                './knowledge/schemas.ts',
                './knowledge/files.ts',
                './knowledge/query.ts',
                './knowledge/snippets.ts',
                './billing/status.ts',
                './users/listing.ts',
                './users/display.ts',
                './payroll',
                './ui/markdown.ts',
              ],
              message: 'Islands run in the browser: shared schemas and pure helpers only.',
            },
            {
              target: './islands',
              from: ['./routes', './db'],
              message: 'Islands run in the browser: shared schemas and pure helpers only.',
            },
            {
              target: './db',
              from: ['./src', './routes', './islands'],
              message: 'db/ holds the schema and migrations; it imports nothing of the app.',
            },
            ...frontDoors,
          ],
        },
      ],
    },
  },
  {
    files: ['tests/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
