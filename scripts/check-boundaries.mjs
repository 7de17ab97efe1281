#!/usr/bin/env node
// The module boundaries of STYLE.md §4, checked rather than hoped for (docs/decisions/018):
// - apps/api: a module is used by the others only through its index.ts, which exports no table;
//   another module's `*.table.ts` may be imported only by a `*.table.ts` (a foreign key). Tests,
//   fixtures and seeds may reach further (they build the world a test needs).
// - apps/api: the modules' run-time imports form no cycle (type-only imports vanish at run time).
// - apps/web: ui/ depends on nothing in admin/, reseller/, merchant/ or storefront/.
// Prints every breach and the modules in dependency order; exits 1 on any breach. `--order` prints
// the order even when there are breaches; `--api-only` leaves out the web app's rule.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const modulesDir = path.join(root, 'apps/api/src/modules');
const webDir = path.join(root, 'apps/web/src');
const breaches = [];

function filesUnder(dir) {
  const found = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(full));
    else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(full);
  }
  return found;
}

/** Every import and re-export of a file: its specifier, whether it is only types, and its line. */
function importsOf(file) {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  const line = (node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      let typeOnly = Boolean(clause?.isTypeOnly);
      if (clause && !typeOnly && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings)) {
        const elements = clause.namedBindings.elements;
        typeOnly = elements.length > 0 && elements.every((element) => element.isTypeOnly);
      }
      const names =
        clause && !clause.isTypeOnly && clause.namedBindings && ts.isNamedImports(clause.namedBindings)
          ? clause.namedBindings.elements
              .filter((element) => !element.isTypeOnly)
              .map((element) => (element.propertyName ?? element.name).text)
          : [];
      found.push({ specifier: node.moduleSpecifier.text, typeOnly, line: line(node), names });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      let typeOnly = node.isTypeOnly;
      if (!typeOnly && node.exportClause && ts.isNamedExports(node.exportClause)) {
        const elements = node.exportClause.elements;
        typeOnly = elements.length > 0 && elements.every((element) => element.isTypeOnly);
      }
      const exported =
        !node.isTypeOnly && node.exportClause && ts.isNamedExports(node.exportClause)
          ? node.exportClause.elements.filter((element) => !element.isTypeOnly).map((element) => element.name.text)
          : [];
      found.push({ specifier: node.moduleSpecifier.text, typeOnly, line: line(node), names: [], exported });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteral(argument)) found.push({ specifier: argument.text, typeOnly: false, line: line(node), names: [] });
    } else if (ts.isImportTypeNode(node)) {
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function resolveRelative(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return base;
}

const rel = (file) => path.relative(root, file);
const moduleOf = (file) => {
  const inside = path.relative(modulesDir, file);
  return inside.startsWith('..') ? null : inside.split(path.sep)[0];
};
const isTestSupport = (file) => /\.(test|fixture|seed)\.ts$/.test(file) || /\.seed\.test\.ts$/.test(file);

// --- API modules ---
const edges = new Map(); // module → Map(module → first place it is imported)
const modules = fs
  .readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
for (const name of modules) edges.set(name, new Map());

// An index exports functions, types and constants, never a table: a module that needs another's
// rows calls a function that module exports (STYLE.md §4). A table object is a `pgTable(…)`
// (or view, or enum) its *.table.ts declares; tests, fixtures and seeds import *.table.ts directly.
const TABLE_DECLARATION = /export const (\w+)\s*=\s*pg(?:Table|View|MaterializedView|Enum)\b/g;
for (const name of modules) {
  const indexFile = path.join(modulesDir, name, 'index.ts');
  if (!fs.existsSync(indexFile)) continue;
  for (const each of importsOf(indexFile)) {
    if (!each.exported?.length || !/\.table$/.test(each.specifier)) continue;
    const tableFile = resolveRelative(indexFile, each.specifier);
    const declared = new Set([...fs.readFileSync(tableFile, 'utf8').matchAll(TABLE_DECLARATION)].map((match) => match[1]));
    for (const table of each.exported.filter((exported) => declared.has(exported))) {
      breaches.push(`${rel(indexFile)}:${each.line}: exports the table ${table} — export a function that reads it instead`);
    }
  }
}

for (const file of filesUnder(modulesDir)) {
  const from = moduleOf(file);
  for (const each of importsOf(file)) {
    const target = resolveRelative(file, each.specifier);
    if (!target) continue;
    const to = moduleOf(target);
    if (!to || to === from) continue;
    const where = `${rel(file)}:${each.line}`;
    const targetName = path.basename(target);
    const throughIndex = /^index\.tsx?$/.test(targetName) && path.dirname(target) === path.join(modulesDir, to);
    const tableForKey = targetName.endsWith('.table.ts') && file.endsWith('.table.ts');
    if (!throughIndex && !tableForKey && !isTestSupport(file)) {
      breaches.push(`${where}: imports ${rel(target)} — use ${to}'s index.ts`);
    }
    if (!each.typeOnly && !isTestSupport(file) && !file.endsWith('.table.ts')) {
      if (!edges.get(from).has(to)) edges.get(from).set(to, where);
    }
  }
}

// Cycles: Tarjan's strongly connected components over the run-time edges.
let index = 0;
const stack = [];
const state = new Map();
const components = [];
function connect(node) {
  state.set(node, { index, low: index, onStack: true });
  index += 1;
  stack.push(node);
  for (const next of edges.get(node).keys()) {
    if (!state.has(next)) {
      connect(next);
      state.get(node).low = Math.min(state.get(node).low, state.get(next).low);
    } else if (state.get(next).onStack) {
      state.get(node).low = Math.min(state.get(node).low, state.get(next).index);
    }
  }
  if (state.get(node).low === state.get(node).index) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      state.get(member).onStack = false;
      component.push(member);
    } while (member !== node);
    components.push(component);
  }
}
for (const name of modules) if (!state.has(name)) connect(name);
for (const component of components.filter((each) => each.length > 1)) {
  const members = new Set(component);
  const inside = component.flatMap((from) =>
    [...edges.get(from)].filter(([to]) => members.has(to)).map(([to, where]) => `    ${from} → ${to} (${where})`),
  );
  breaches.push(`modules in a cycle: ${component.sort().join(', ')}\n${inside.join('\n')}`);
}

// --- Web: the shared UI knows no area ---
const areas = ['admin', 'reseller', 'merchant', 'storefront'].map((area) => path.join(webDir, area));
for (const file of process.argv.includes('--api-only') ? [] : filesUnder(path.join(webDir, 'ui'))) {
  for (const each of importsOf(file)) {
    const target = resolveRelative(file, each.specifier);
    if (target && areas.some((area) => target.startsWith(area + path.sep))) {
      breaches.push(`${rel(file)}:${each.line}: the shared UI imports ${rel(target)}`);
    }
  }
}

if (process.argv.includes('--order') || breaches.length === 0) {
  // Dependency order: a module after everything it uses (Tarjan emits components in that order).
  const order = components.map((component) => component.sort().join(' + '));
  console.log(`API modules in dependency order (each uses only those before it):\n  ${order.join(', ')}`);
}
if (breaches.length) {
  console.log(`\n${breaches.length} boundary breach${breaches.length === 1 ? '' : 'es'}:`);
  for (const breach of breaches) console.log(`  ${breach}`);
  process.exit(1);
}
console.log('Module boundaries: no breach.');
