import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The repository stands alone: a fresh clone with nothing beside it runs and tests. Code may not reach a path
// outside it (the team's shared folder beside it, a home folder), and no file may name a development machine's
// absolute path. Documentation may say where a fixture was copied from (tests/fixtures/README.md): only code is
// held to the first rule, and only what it passes to path, fs, URL and import.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const CODE_DIRS = ['tests', 'src', 'routes', 'islands', 'db', 'bench', 'scripts'];
const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/;
// Not the repository's own files: installed, built, run-time or cached.
const SKIP = new Set(['node_modules', 'dist', 'data', 'scratch', 'test-results', 'coverage', '.git', '.cache']);
// Bundled into dist/server/server.js: paths made from import.meta.url there are also right from that file.
const BUNDLED = ['src', 'routes', 'db'];
const SERVER_BUNDLE = path.join(ROOT, 'dist/server/server.js');

/** A home folder or the folders this repository is worked in, as an absolute path (Unix or Windows). */
const MACHINE_PATH = new RegExp(String.raw`(?:^|[^\w.~/-]|file://)/(?:home|Users|root|work)/[\w.-]|\b[A-Za-z]:\\+(?:Users|home)\\`);
const SHARED = /(?:^|[/\\])\.\.[/\\]+shared(?:[/\\]|$)/;

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return SKIP.has(d.name) ? [] : walk(full);
    return d.isFile() ? [full] : [];
  });
}

/** The files a commit would hold (tracked, or new and not ignored); every file but the skipped folders without git. */
function repositoryFiles(): string[] {
  try {
    const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return out
      .split('\0')
      .filter(Boolean)
      .map((f) => path.join(ROOT, f))
      .filter((f) => fs.existsSync(f) && fs.statSync(f).isFile());
  } catch {
    return walk(ROOT);
  }
}

const inside = (p: string) => p === ROOT || p.startsWith(ROOT + path.sep);
const lineOf = (sf: ts.SourceFile, node: ts.Node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;

/** What `file` (absolute, inside the repository) reads outside the repository: `line: why`, one per finding. */
function escapes(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const rel = path.relative(ROOT, file).split(path.sep)[0];
  const homes = BUNDLED.includes(rel) ? [file, SERVER_BUNDLE] : [file];

  // Names this file gives to node:path, node:fs and their functions, and its constants (to follow `here` and `root`).
  const pathNames = new Set<string>();
  const pathFns = new Map<string, string>();
  const fsNames = new Set<string>();
  const fsFns = new Set<string>();
  const consts = new Map<string, ts.Expression>();
  const visitDecls = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && node.importClause) {
      const mod = node.moduleSpecifier.text.replace(/^node:/, '');
      const isPath = mod === 'path' || mod === 'path/posix';
      const isFs = mod === 'fs' || mod === 'fs/promises';
      const { name, namedBindings } = node.importClause;
      if (name) (isPath ? pathNames : isFs ? fsNames : new Set<string>()).add(name.text);
      if (namedBindings && ts.isNamespaceImport(namedBindings))
        (isPath ? pathNames : isFs ? fsNames : new Set<string>()).add(namedBindings.name.text);
      if (namedBindings && ts.isNamedImports(namedBindings)) {
        for (const el of namedBindings.elements) {
          const imported = (el.propertyName ?? el.name).text;
          if (isPath) pathFns.set(el.name.text, imported);
          if (isFs) (imported === 'promises' ? fsNames : fsFns).add(el.name.text);
        }
      }
    }
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.isVariableDeclarationList(node.parent) &&
      node.parent.flags & ts.NodeFlags.Const
    ) {
      consts.set(node.name.text, node.initializer);
    }
    ts.forEachChild(node, visitDecls);
  };
  visitDecls(sf);

  /** The path function a call makes (`resolve`, `join`, `dirname`…), if it is one of node:path's. */
  const pathFn = (call: ts.CallExpression | ts.NewExpression) => {
    const callee = call.expression;
    if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && pathNames.has(callee.expression.text))
      return callee.name.text;
    if (ts.isIdentifier(callee)) return pathFns.get(callee.text);
    return undefined;
  };
  const isFsCall = (call: ts.CallExpression) => {
    const callee = call.expression;
    if (ts.isIdentifier(callee)) return fsFns.has(callee.text);
    if (!ts.isPropertyAccessExpression(callee)) return false;
    const obj = callee.expression;
    if (ts.isIdentifier(obj)) return fsNames.has(obj.text);
    return (
      ts.isPropertyAccessExpression(obj) &&
      obj.name.text === 'promises' &&
      ts.isIdentifier(obj.expression) &&
      fsNames.has(obj.expression.text)
    );
  };
  const isImportMeta = (node: ts.Node, prop: string) =>
    ts.isPropertyAccessExpression(node) &&
    node.name.text === prop &&
    ts.isMetaProperty(node.expression) &&
    node.expression.keywordToken === ts.SyntaxKind.ImportKeyword;

  /** The path an expression makes when this file runs from `home`, relative ones left relative (to the working directory); undefined when not known here. */
  const value = (node: ts.Expression, home: string, seen = new Set<string>()): string | undefined => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node))
      return value(node.expression, home, seen);
    if (ts.isTemplateExpression(node)) {
      let out = node.head.text;
      for (const span of node.templateSpans) {
        const v = value(span.expression, home, seen);
        if (v === undefined) return undefined;
        out += v + span.literal.text;
      }
      return out;
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const [a, b] = [value(node.left, home, seen), value(node.right, home, seen)];
      return a === undefined || b === undefined ? undefined : a + b;
    }
    if (ts.isIdentifier(node)) {
      if (node.text === '__dirname') return path.dirname(home);
      if (node.text === '__filename') return home;
      const init = consts.get(node.text);
      if (!init || seen.has(node.text)) return undefined;
      return value(init, home, new Set(seen).add(node.text));
    }
    if (isImportMeta(node, 'dirname')) return path.dirname(home);
    if (isImportMeta(node, 'filename') || isImportMeta(node, 'url')) return home; // file URLs are read as their path
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'URL' && node.arguments?.length === 2) {
      const [rel, base] = node.arguments.map((a) => value(a, home, seen));
      return rel === undefined || base === undefined ? undefined : path.resolve(path.dirname(base), rel);
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (ts.isIdentifier(callee) && callee.text === 'fileURLToPath' && node.arguments.length === 1)
        return value(node.arguments[0], home, seen);
      if (
        ts.isPropertyAccessExpression(callee) &&
        callee.name.text === 'cwd' &&
        ts.isIdentifier(callee.expression) &&
        callee.expression.text === 'process'
      )
        return ROOT;
      const fn = pathFn(node);
      const args = node.arguments.map((a) => value(a, home, seen));
      if (!fn || args.some((a) => a === undefined)) return undefined;
      const parts = args as string[];
      if (fn === 'resolve') return path.resolve(ROOT, ...parts);
      if (fn === 'join') return path.join(...parts);
      if (fn === 'dirname' && parts.length === 1) return path.dirname(parts[0]);
    }
    return undefined;
  };

  const found: string[] = [];
  const flag = (node: ts.Node, why: string) => found.push(`${lineOf(sf, node)}: ${why}`);
  /** Flags `node` when the path it makes is outside the repository from every place this file runs. */
  const check = (node: ts.Expression, base: 'cwd' | 'file', what: string) => {
    // Imports are resolved where the source is, before bundling.
    const outside = (what === 'imports' ? [file] : homes).map((home) => {
      const v = value(node, home);
      if (v === undefined) return undefined;
      return path.resolve(base === 'file' ? path.dirname(home) : ROOT, v);
    });
    if (outside.every((p) => p !== undefined && !inside(p))) flag(node, `${what} ${outside[0]} is outside the repository`);
  };

  const visit = (node: ts.Node) => {
    if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)) &&
      SHARED.test(node.text)
    ) {
      flag(node, `names the shared folder beside the repository: ${JSON.stringify(node.text)}`);
    }
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      node.moduleSpecifier.text.startsWith('.')
    ) {
      check(node.moduleSpecifier, 'file', 'imports');
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const arg = node.arguments[0];
      const isLoader = callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require');
      if (arg && isLoader && ts.isStringLiteralLike(arg) && arg.text.startsWith('.')) check(arg, 'file', 'imports');
      else if (arg && isFsCall(node)) check(arg, 'cwd', 'reads');
      else if (pathFn(node) === 'resolve') check(node, 'cwd', 'resolves');
      else if (pathFn(node) === 'join' && homes.every((home) => path.isAbsolute(value(node, home) ?? ''))) check(node, 'cwd', 'joins');
    }
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'URL' && node.arguments?.length === 2)
      check(node, 'cwd', 'makes');
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** Absolute paths of a development machine named anywhere in `text` (comments and documentation included). */
function machinePaths(text: string): string[] {
  return text.split('\n').flatMap((line, i) => {
    const m = MACHINE_PATH.exec(line);
    return m ? [`${i + 1}: ${/(?:file:\/\/)?\/[^\s`'")\]]+|[A-Za-z]:\\[^\s`'")\]]+/.exec(line.slice(m.index))?.[0]}`] : [];
  });
}

// Parsing every source file takes seconds on a busy machine.
describe('the repository stands alone', { timeout: 60_000 }, () => {
  it(`nothing under ${CODE_DIRS.join('/, ')}/ reads a path outside the repository`, () => {
    const dirs = CODE_DIRS.map((d) => path.join(ROOT, d) + path.sep);
    const files = repositoryFiles().filter((f) => CODE.test(f) && dirs.some((d) => f.startsWith(d)));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((f) => escapes(f, fs.readFileSync(f, 'utf8')).map((where) => `${path.relative(ROOT, f)}:${where}`));
    expect(found).toEqual([]);
  });

  it('no file names an absolute path of a development machine', () => {
    const found: string[] = [];
    for (const file of repositoryFiles()) {
      const bytes = fs.readFileSync(file);
      if (bytes.includes(0)) continue; // binary
      for (const where of machinePaths(bytes.toString('utf8'))) found.push(`${path.relative(ROOT, file)}:${where}`);
    }
    expect(found).toEqual([]);
  });

  // The checks themselves, on code a test might one day hold. The shared folder's name is put together here so
  // that this file does not name it.
  const shared = ['..', 'shared'].join('/');
  const inTests = path.join(ROOT, 'tests/unit/example.test.ts');
  const head =
    "import fs from 'node:fs';\nimport path from 'node:path';\nimport { readFileSync } from 'node:fs';\nimport { fileURLToPath } from 'node:url';\n";

  it.each([
    `fs.readFileSync('${shared}/reference/x.json')`,
    `readFileSync(\`${shared}/reference/x.json\`, 'utf8')`,
    `const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');`,
    "fs.readFileSync(path.join(import.meta.dirname, '..', '..', '..', 'reference', 'x.json'))",
    "const here = path.dirname(fileURLToPath(import.meta.url));\nfs.existsSync(path.resolve(here, '../../../reference'));",
    "const data = JSON.parse(fs.readFileSync(new URL('../../../x.json', import.meta.url), 'utf8'));",
    "import golden from '../../../../reference/golden.json';",
    "fs.readFileSync('../reference/x.json');",
    `const file = path.join(__dirname, '${shared}', 'x.json');`,
  ])('catches %s', (code) => {
    expect(escapes(inTests, head + code)).not.toEqual([]);
  });

  it.each([
    `// A copy of ${shared}/reference/golden-payroll.json (tests/fixtures/README.md).`,
    "fs.readFileSync(path.join(import.meta.dirname, '../fixtures/golden-payroll.json'), 'utf8')",
    "const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');",
    "fs.readFileSync('package-lock.json', 'utf8')",
    "expect(isSafeKey('../../etc/passwd')).toBe(false)",
    "const words = ['a', 'b'].join('/');",
    "import { createTestApp } from '../../helpers/app';",
  ])('lets %s be', (code) => {
    expect(escapes(inTests, head + code)).toEqual([]);
  });

  it('finds machine paths in any text, and not in URLs or routes', () => {
    const home = ['', 'home', 'dev', 'payewise'].join('/');
    expect(machinePaths(`see ${home}/notes.md`)).toHaveLength(1);
    expect(machinePaths(`"file://${home}/x.json"`)).toHaveLength(1);
    expect(machinePaths(`C:${'\\'}Users${'\\'}dev${'\\'}x`)).toHaveLength(1);
    expect(machinePaths('https://example.com/home/index.html and /api/users/1 and ./root/x')).toEqual([]);
  });
});
