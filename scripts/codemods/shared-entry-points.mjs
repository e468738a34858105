#!/usr/bin/env node
/**
 * Rewrites imports of `@lp/shared` so every name comes from the entry point that exports it
 * (`@lp/shared/contract`, `/rules`, `/client`, `/testing`; see docs/architecture/shared.md).
 *
 *   node scripts/codemods/shared-entry-points.mjs           rewrite the files in place
 *   node scripts/codemods/shared-entry-points.mjs --check   only list what it would change (exit 1 if anything)
 *
 * The entries are read from shared/package.json `exports` and their names from the TypeScript
 * checker, so the script stays right when modules move between entries: it re-homes imports of
 * the bare `@lp/shared` and of any entry alike. A file whose imports already name the right
 * entries is left byte for byte, so running it again (after merging other branches) is safe.
 * A relative import of the entry files (or of the old root, shared/src/index.ts) from outside
 * shared/ counts as the package. `import type` and inline `type` modifiers are kept; a group of names that are all types becomes
 * `import type { … }` (with verbatimModuleSyntax, `import { type A }` would still load the module).
 * What it cannot rewrite by itself (namespace, default or side-effect imports, `export *`,
 * `import('@lp/shared…')`, unknown names) is listed and makes the exit code 1.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..', '..');
const PACKAGE = '@lp/shared';
const DIRS = ['shared', 'server', 'admin', 'portal', 'streaming', 'tests', 'bench'];
const EXTENSIONS = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.jsx']);
const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', '.git', 'test-results', 'playwright-report']);
const MAX_LINE = 140;
const check = process.argv.includes('--check');

/** subpath ('contract') → the file it exports, from shared/package.json (the root `.` is not an entry). */
function readEntries() {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'shared', 'package.json'), 'utf8'));
  const entries = new Map();
  for (const [key, target] of Object.entries(manifest.exports ?? {})) {
    if (key === '.') continue;
    const file = typeof target === 'string' ? target : target.import ?? target.default;
    entries.set(key.replace(/^\.\//, ''), path.join(root, 'shared', file));
  }
  return entries;
}

/** exported name → entry subpath; a name exported by two entries is an error (one module, one entry). */
function exportMap(entries) {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(root, 'shared', 'tsconfig.json'), {}, {
    ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n')); },
  });
  const program = ts.createProgram([...entries.values()], { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();
  const owner = new Map();
  const clashes = [];
  for (const [entry, file] of entries) {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`entry ${entry}: ${file} not found`);
    const symbol = checker.getSymbolAtLocation(source);
    if (!symbol) continue; // an entry with no exports yet
    for (const exported of checker.getExportsOfModule(symbol)) {
      const name = exported.getName();
      const previous = owner.get(name);
      if (previous && previous !== entry) clashes.push(`${name}: ${previous} and ${entry}`);
      owner.set(name, entry);
    }
  }
  if (clashes.length) throw new Error(`names exported by two entries (re-export each module from one entry only):\n  ${clashes.join('\n  ')}`);
  return owner;
}

function* sourceFiles(dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) yield* sourceFiles(path.join(dir, entry.name));
    } else if (EXTENSIONS.has(path.extname(entry.name)) && !entry.name.endsWith('.d.ts')) {
      yield path.join(dir, entry.name);
    }
  }
}

/**
 * The package by name, or a relative path into it from outside shared/ (the benches import
 * '../shared/src/index.ts', the old root): both are rewritten to `@lp/shared/<entry>`.
 */
let sharedFiles = new Set();
function isShared(spec, file) {
  if (spec === PACKAGE || spec.startsWith(`${PACKAGE}/`)) return true;
  if (!spec.startsWith('.') || file.startsWith(path.join(root, 'shared') + path.sep)) return false;
  return sharedFiles.has(path.resolve(path.dirname(file), spec));
}

function scriptKind(file) {
  const ext = path.extname(file);
  if (ext === '.tsx') return ts.ScriptKind.TSX;
  if (ext === '.jsx') return ts.ScriptKind.JSX;
  if (ext === '.js' || ext === '.mjs') return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

/** `{ a, type B, c as d }` → one specifier's text, its exported name and whether it is a type. */
function specifierOf(node, source) {
  const imported = (node.propertyName ?? node.name).text;
  const local = node.name.text;
  const name = node.propertyName ? `${imported} as ${local}` : local;
  return { imported, name, isType: node.isTypeOnly, text: node.getText(source) };
}

/** The declaration text: one line when it fits, otherwise the names wrapped as the codebase does. */
function formatDeclaration(keyword, typeOnly, specifiers, module, quote) {
  const head = `${keyword}${typeOnly ? ' type' : ''} {`;
  const tail = `} from ${quote}${module}${quote};`;
  const names = specifiers.map((s) => (s.isType && !typeOnly ? `type ${s.name}` : s.name));
  const oneLine = `${head} ${names.join(', ')} ${tail}`;
  if (oneLine.length <= MAX_LINE) return oneLine;
  const lines = [];
  let line = '';
  for (const name of names) {
    const next = line ? `${line} ${name},` : `  ${name},`;
    if (line && next.length > MAX_LINE) {
      lines.push(line);
      line = `  ${name},`;
    } else line = next;
  }
  if (line) lines.push(line);
  return `${head}\n${lines.join('\n')}\n${tail}`;
}

/** Groups specifiers by their entry, in the order the entries first appear. */
function groupByEntry(specifiers, owner, problems, where) {
  const groups = new Map();
  for (const s of specifiers) {
    const entry = owner.get(s.imported);
    if (!entry) {
      problems.push(`${where}: '${s.imported}' is exported by no entry of ${PACKAGE}`);
      return null;
    }
    if (!groups.has(entry)) groups.set(entry, []);
    groups.get(entry).push(s);
  }
  return groups;
}

function rewrite(file, text, owner, problems) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKind(file));
  const rel = path.relative(root, file);
  const where = (node) => `${rel}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const imports = [];
  const edits = [];

  // dynamic imports, `import('…')` types and vi.mock('…') name a module this script cannot split
  const visit = (node) => {
    if (ts.isCallExpression(node) && node.arguments.length && ts.isStringLiteral(node.arguments[0]) && isShared(node.arguments[0].text, file)
      && (node.expression.kind === ts.SyntaxKind.ImportKeyword || /\bmock$|\bimportActual$|\bdoMock$/.test(node.expression.getText(source)))) {
      problems.push(`${where(node)}: ${node.getText(source).slice(0, 80)} (rewrite by hand)`);
    }
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal) && isShared(node.argument.literal.text, file)) {
      problems.push(`${where(node)}: ${node.getText(source).slice(0, 80)} (rewrite by hand)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);

  for (const statement of source.statements) {
    const isImport = ts.isImportDeclaration(statement);
    if (!isImport && !ts.isExportDeclaration(statement)) continue;
    if (!statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const module = statement.moduleSpecifier.text;
    if (!isShared(module, file)) continue;
    const quote = statement.moduleSpecifier.getText(source)[0];
    if (isImport) {
      const clause = statement.importClause;
      if (!clause || clause.name || !clause.namedBindings || !ts.isNamedImports(clause.namedBindings)) {
        problems.push(`${where(statement)}: ${statement.getText(source).slice(0, 80)} (default, namespace or side-effect import: rewrite by hand)`);
        continue;
      }
      const specifiers = clause.namedBindings.elements.map((e) => specifierOf(e, source));
      // `import type { A }` makes every name a type
      if (clause.isTypeOnly) for (const s of specifiers) s.isType = true;
      imports.push({ statement, module, quote, specifiers });
    } else {
      if (!statement.exportClause || !ts.isNamedExports(statement.exportClause)) {
        problems.push(`${where(statement)}: ${statement.getText(source).slice(0, 80)} (export *: name the entry by hand)`);
        continue;
      }
      const specifiers = statement.exportClause.elements.map((e) => specifierOf(e, source));
      if (statement.isTypeOnly) for (const s of specifiers) s.isType = true;
      const groups = groupByEntry(specifiers, owner, problems, where(statement));
      if (!groups) continue;
      if (groups.size === 1 && module === `${PACKAGE}/${[...groups.keys()][0]}`) continue;
      const text = [...groups].map(([entry, group]) =>
        formatDeclaration('export', group.every((s) => s.isType), group, `${PACKAGE}/${entry}`, quote)).join('\n');
      edits.push({ start: statement.getStart(source), end: statement.end, text });
    }
  }

  // imports: leave the file alone when each declaration already names the entry of all its names
  const resolved = imports.map((i) => ({ ...i, groups: groupByEntry(i.specifiers, owner, problems, where(i.statement)) }));
  if (resolved.some((i) => !i.groups)) return null;
  const settled = resolved.every((i) => i.groups.size === 1 && i.module === `${PACKAGE}/${[...i.groups.keys()][0]}`);
  if (!settled) {
    // one declaration per entry, at the place of the first shared import; the others go (their
    // leading comments stay where they were)
    const byEntry = new Map();
    for (const i of resolved) {
      for (const [entry, group] of i.groups) {
        if (!byEntry.has(entry)) byEntry.set(entry, []);
        const names = byEntry.get(entry);
        for (const s of group) {
          // the same name imported twice (once as a type) is imported once, as a value if either was
          const same = names.find((n) => n.name === s.name);
          if (same) same.isType &&= s.isType;
          else names.push({ ...s });
        }
      }
    }
    const quote = resolved[0].quote;
    const declarations = [...byEntry].map(([entry, group]) =>
      formatDeclaration('import', group.every((s) => s.isType), group, `${PACKAGE}/${entry}`, quote)).join('\n');
    resolved.forEach((i, index) => {
      let end = i.statement.end;
      if (index > 0 && text[end] === '\n') end += 1;
      else if (index > 0 && text.slice(end, end + 2) === '\r\n') end += 2;
      edits.push({ start: i.statement.getStart(source), end, text: index === 0 ? declarations : '' });
    });
  }
  if (!edits.length) return null;
  edits.sort((a, b) => b.start - a.start);
  let out = text;
  for (const e of edits) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

const entries = readEntries();
sharedFiles = new Set([...entries.values(), path.join(root, 'shared', 'src', 'index.ts')]);
const owner = exportMap(entries);
const problems = [];
let scanned = 0;
const changed = [];
for (const dir of DIRS) {
  for (const file of sourceFiles(path.join(root, dir))) {
    const text = fs.readFileSync(file, 'utf8');
    if (!text.includes(PACKAGE) && !text.includes('shared/src/')) continue;
    scanned += 1;
    const out = rewrite(file, text, owner, problems);
    if (out === null || out === text) continue;
    changed.push(path.relative(root, file));
    if (!check) fs.writeFileSync(file, out);
  }
}
console.log(`${PACKAGE} entries: ${[...entries.keys()].join(', ')} (${owner.size} names)`);
console.log(`${scanned} files import ${PACKAGE}; ${changed.length} ${check ? 'would change' : 'rewritten'}`);
if (check) for (const f of changed) console.log(`  ${f}`);
for (const p of problems) console.error(`needs a hand: ${p}`);
process.exitCode = problems.length || (check && changed.length) ? 1 : 0;
