import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

// `npm ci` refuses a lock file that lacks a platform's optional package, so the image build and CI
// would fail on a platform nobody here runs. Every optional dependency must be locked.
const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { optionalDependencies?: Record<string, string>; version?: string }>;
};

/** Where npm would find `name` from the package at `dir` (its own node_modules, then each parent's). */
function resolve(dir: string, name: string): string | undefined {
  for (let d = dir; ;) {
    const key = d ? `${d}/node_modules/${name}` : `node_modules/${name}`;
    if (lock.packages[key]) return key;
    if (!d) return undefined;
    const i = d.lastIndexOf('/node_modules/');
    d = i === -1 ? '' : d.slice(0, i);
  }
}

describe('package-lock.json', () => {
  it('locks every optional (platform) dependency of every package', () => {
    const missing: string[] = [];
    for (const [dir, pkg] of Object.entries(lock.packages)) {
      for (const name of Object.keys(pkg.optionalDependencies ?? {})) {
        if (!resolve(dir, name)) missing.push(`${dir || '(root)'} → ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('has native builds for Linux x64/arm64 (glibc and musl), macOS and Windows', () => {
    const platforms = [
      'linux-x64-gnu',
      'linux-x64-musl',
      'linux-arm64-gnu',
      'linux-arm64-musl',
      'darwin-arm64',
      'darwin-x64',
      'win32-x64-msvc',
    ];
    for (const prefix of ['node_modules/@tailwindcss/oxide-', 'node_modules/@rolldown/binding-']) {
      for (const p of platforms) expect(lock.packages[prefix + p], prefix + p).toBeDefined();
    }
  });
});
