#!/usr/bin/env node
// Visible English that Bengali readers would see untranslated (decision 030). Reads every screen of apps/web/src
// with TypeScript's parser and reports:
//  - text written in JSX (`<Button>Save</Button>`), or a string in a visible attribute (`label="Name"`), that is
//    not passed through `phrase(...)` (lib/phrases.ts) or a translation call;
//  - a `phrase('...')` whose English is missing from the area's Bengali phrasebooks (`phrases.bn.ts` files);
//  - a declared label (`label: 'Name'` in a resource, the menu, a toast...) missing from those phrasebooks: the
//    machinery that shows a declaration passes it through `phrase`.
//  - a message of packages/contracts/src (a zod check's message, `error:`/`message:`, the words a helper such as
//    `nameField('brand name')` puts into one) missing from the phrasebooks both apps load (ui/, lib/): forms and the
//    API's `{message, errors}` show them through `phrase` (apps/web/src/ui/messages.phrases.bn.ts). Checked with no
//    path, or a path under packages/contracts or apps/web/src/ui.
// The storefront (src/storefront) has its own phrasebooks; everything else shares the others'. A line (or the
// line above it) holding `i18n-ignore` is skipped: code samples, proper names.
//
// `node scripts/check-i18n.mjs [path-prefix...]` lists the findings (all, or under the given paths) and exits 1
// when there are any; `--summary` prints counts per file only. apps/web/src/i18n/coverage.test.ts runs it.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const source = path.join(root, 'apps/web/src');

/** Attributes whose string a person reads or hears. */
const VISIBLE_ATTRIBUTES = new Set([
  'label',
  'title',
  'placeholder',
  'description',
  'aria-label',
  'aria-description',
  'alt',
  'error',
  'confirmLabel',
  'cancelLabel',
  'empty',
  'emptyText',
  'help',
  'heading',
  'caption',
  'tooltip',
  'message',
  'hint',
  'legend',
  'nothingFoundMessage',
  'loadingText',
  'subtitle',
]);
/** Properties of declarations (resources, menus, toasts, dialogs) that the machinery shows through `phrase`. */
const DECLARED_PROPERTIES = new Set([
  'label',
  'title',
  'singular',
  'plural',
  'empty',
  'help',
  'placeholder',
  'description',
  'message',
  'confirmLabel',
  'heading',
  'hint',
  'caption',
  'on',
  'off',
  'searchPlaceholder',
  'menuGroup',
  'header',
  'submitLabel',
  'tagline',
  'intro',
]);
/** Words that read the same in Bengali: names of things, units, codes. */
const SAME_IN_BENGALI = new Set(
  `ok id sku csv api sms otp url pdf qr vat bdt usd json html css seo ios android gps cod ssl smtp imap utc gmt kg km cm
  bkash nagad rocket upay sslcommerz facebook messenger whatsapp instagram youtube tiktok twitter linkedin google pixel
  steadfast pathao redx paperfly sundarban haat webp png jpg jpeg svg gif mb kb px x am pm http https www bearer ip`
    .split(/\s+/)
    .filter(Boolean),
);

const LATIN_WORD = /[A-Za-z]{2,}/g;

function readable(text) {
  const words = text.replace(/\{\{[^}]*\}\}/g, ' ').match(LATIN_WORD) ?? [];
  return words.some((word) => !SAME_IN_BENGALI.has(word.toLowerCase()));
}

function walk(directory, found = []) {
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) walk(full, found);
    else if (/\.(ts|tsx)$/.test(entry.name)) found.push(full);
  }
  return found;
}

const relative = (file) => path.relative(source, file).split(path.sep).join('/');
const isStorefront = (file) => relative(file).startsWith('storefront/');
const isPhrasebook = (file) => /phrases\.bn\.ts$/.test(relative(file));
const skipped = (file) =>
  /\.(test|e2e)\.tsx?$/.test(file) ||
  /\.d\.ts$/.test(file) ||
  relative(file).startsWith('i18n/') ||
  /(^|\/)(text-bn|i18n|messages)\.ts$/.test(relative(file));

/** A phrasebook's English keys and their Bengali (the file is data: an object literal of string keys). */
function phrasebookKeys(file) {
  const tree = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const keys = new Map();
  const visit = (node) => {
    if (ts.isPropertyAssignment(node) && (ts.isStringLiteral(node.name) || ts.isIdentifier(node.name)))
      keys.set(node.name.text, stringOf(node.initializer));
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return keys;
}

function stringOf(node) {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isJsxExpression(node)) return stringOf(node.expression);
  if (ts.isParenthesizedExpression(node)) return stringOf(node.expression);
  return null;
}

function templateText(node) {
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
  return null;
}

function nameOf(node) {
  if (ts.isIdentifier(node) || ts.isStringLiteral(node) || ts.isPrivateIdentifier(node)) return node.text;
  if (ts.isJsxNamespacedName?.(node)) return `${node.namespace.text}:${node.name.text}`;
  return node.getText?.() ?? '';
}

/** Is this node an argument of a translation call (`phrase`, `t`, `i18next.t`, `useText`'s `t`)? */
function insideTranslation(node) {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (ts.isCallExpression(parent)) {
      const callee = parent.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
      if (name === 'phrase' || name === 't' || name === 'Trans') return true;
      return false;
    }
    if (ts.isJsxElement(parent) || ts.isJsxSelfClosingElement(parent) || ts.isBlock(parent)) return false;
  }
  return false;
}

const contracts = path.join(root, 'packages/contracts/src');
/** zod's checks whose last argument may be the message shown when they fail. */
const ZOD_CHECKS = new Set(
  `min max length int positive negative nonnegative nonpositive gt gte lt lte multipleOf regex email url uuid startsWith endsWith
  includes nonempty refine superRefine datetime date time iso cuid nanoid ip ipv4 ipv6 trim safe finite`.split(/\s+/),
);
/** Parameters that put words into a message (`nameField('brand name')`: "Enter a brand name"). */
const WORD_PARAMETERS = new Set(['label', 'what']);

/** A template literal as a phrasebook key: `The ${label} is too large` → "The {{label}} is too large". */
function templateKey(node) {
  const name = (expression) => {
    let at = expression;
    while (at && (ts.isCallExpression(at) || ts.isPropertyAccessExpression(at) || ts.isElementAccessExpression(at)))
      at = ts.isCallExpression(at) ? at.expression : at.expression;
    return at && ts.isIdentifier(at) ? at.text : 'value';
  };
  return node.head.text + node.templateSpans.map((span) => `{{${name(span.expression)}}}${span.literal.text}`).join('');
}

/** A message's English: a string, or a template made a key, or either branch of a condition; none for anything else. */
function messageTexts(node) {
  if (!node) return [];
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) return [templateKey(node)];
  if (ts.isConditionalExpression(node)) return [...messageTexts(node.whenTrue), ...messageTexts(node.whenFalse)];
  if (ts.isParenthesizedExpression(node)) return messageTexts(node.expression);
  return [];
}

/**
 * The messages packages/contracts can give a person (decision 030): a zod check's message (`.min(2, 'Too
 * short')`), an `error:`/`message:` property, and the words passed into a message-making helper
 * (`nameField('brand name')`). Forms and the API's `{message, errors}` show them through `phrase`, so each
 * needs its Bengali in a phrasebook (apps/web/src/ui/messages.phrases.bn.ts).
 */
export function contractMessages() {
  const files = walk(contracts).filter((file) => !/\.(test|e2e)\.ts$/.test(file));
  const trees = files.map((file) => ({
    file,
    text: fs.readFileSync(file, 'utf8'),
    tree: ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true),
  }));
  // Helpers whose parameters put words into messages: name → the parameters' positions.
  const helpers = new Map();
  for (const { tree } of trees) {
    const visit = (node) => {
      let name = null;
      let fn = null;
      if (ts.isFunctionDeclaration(node) && node.name) [name, fn] = [node.name.text, node];
      else if (
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        node.initializer &&
        (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
      )
        [name, fn] = [node.name.text, node.initializer];
      if (name && fn) {
        const positions = fn.parameters.flatMap((parameter, index) =>
          ts.isIdentifier(parameter.name) && WORD_PARAMETERS.has(parameter.name.text) ? [index] : [],
        );
        if (positions.length) helpers.set(name, positions);
      }
      ts.forEachChild(node, visit);
    };
    visit(tree);
  }
  const found = [];
  for (const { file, text, tree } of trees) {
    const lines = text.split('\n');
    // A resource's title and singular (`Brands`, `brand`): the lists, forms and menu show them through `phrase`.
    const resourceFile = file.includes(`${path.sep}resources${path.sep}`);
    const add = (node, values) => {
      for (const value of values) addOne(node, value);
    };
    const addOne = (node, value) => {
      if (!readable(value)) return;
      const line = tree.getLineAndCharacterOfPosition(node.getStart(tree)).line;
      if (/i18n-ignore/.test(lines[line] ?? '') || /i18n-ignore/.test(lines[line - 1] ?? '')) return;
      found.push({ file: path.relative(root, file).split(path.sep).join('/'), line: line + 1, text: value });
    };
    const visit = (node) => {
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        if (ts.isPropertyAccessExpression(callee) && ZOD_CHECKS.has(callee.name.text) && node.arguments.length) {
          const last = node.arguments[node.arguments.length - 1];
          add(last, messageTexts(last));
        }
        if (ts.isIdentifier(callee) && helpers.has(callee.text))
          for (const index of helpers.get(callee.text)) add(node.arguments[index] ?? node, messageTexts(node.arguments[index]));
      } else if (
        ts.isPropertyAssignment(node) &&
        (['message', 'error'].includes(nameOf(node.name)) || (resourceFile && ['title', 'label'].includes(nameOf(node.name))))
      ) {
        add(node.initializer, messageTexts(node.initializer));
      } else if (ts.isParameter(node) && ts.isIdentifier(node.name) && WORD_PARAMETERS.has(node.name.text) && node.initializer) {
        add(node.initializer, messageTexts(node.initializer));
      }
      ts.forEachChild(node, visit);
    };
    visit(tree);
  }
  return found;
}

export function checkI18n(prefixes = []) {
  const files = walk(source);
  const books = { storefront: new Set(), app: new Set() };
  const findings = [];
  const bengaliOf = new Map();
  for (const file of files.filter(isPhrasebook)) {
    const keys = phrasebookKeys(file);
    // One English phrase reads the same everywhere: two phrasebooks may not translate it differently.
    for (const [key, bengali] of keys) {
      const earlier = bengaliOf.get(key);
      if (earlier && earlier.bengali !== bengali)
        findings.push({
          file: relative(file),
          line: 1,
          kind: `translated differently in ${earlier.file}`,
          text: `${key} → ${bengali} / ${earlier.bengali}`,
        });
      else if (!earlier) bengaliOf.set(key, { bengali, file: relative(file) });
    }
    const rel = relative(file);
    // The storefront fetches ui/'s common words and the contracts' messages (storefront/router.tsx), never the
    // phrasebooks of the back office's machinery (ui/resource, ui/portal...).
    const shared = /^(ui\/(shared|messages)\.phrases\.bn\.ts$|lib\/)/.test(rel);
    const areas = rel.startsWith('storefront/') ? ['storefront'] : shared ? ['storefront', 'app'] : ['app'];
    for (const area of areas) for (const key of keys.keys()) books[area].add(key);
  }
  for (const file of files) {
    const rel = relative(file);
    if (skipped(file) || isPhrasebook(file)) continue;
    if (prefixes.length && !prefixes.some((prefix) => rel.startsWith(prefix) || `apps/web/src/${rel}`.startsWith(prefix))) continue;
    const text = fs.readFileSync(file, 'utf8');
    const lines = text.split('\n');
    const tree = ts.createSourceFile(
      file,
      text,
      ts.ScriptTarget.Latest,
      true,
      file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const book = books[isStorefront(file) ? 'storefront' : 'app'];
    const namespaced = text.includes('addTranslations(');
    const report = (node, kind, value) => {
      const line = tree.getLineAndCharacterOfPosition(node.getStart(tree)).line;
      if (/i18n-ignore/.test(lines[line] ?? '') || /i18n-ignore/.test(lines[line - 1] ?? '')) return;
      findings.push({ file: rel, line: line + 1, kind, text: value.trim().replace(/\s+/g, ' ').slice(0, 90) });
    };
    const visit = (node) => {
      if (ts.isJsxText(node)) {
        if (readable(node.text)) report(node, 'JSX text', node.text);
      } else if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
        const value = stringOf(node.expression) ?? templateText(node.expression);
        if (value !== null && readable(value)) report(node, 'JSX string', value);
      } else if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(nameOf(node.name))) {
        const value =
          stringOf(node.initializer) ??
          (node.initializer && ts.isJsxExpression(node.initializer) && node.initializer.expression
            ? templateText(node.initializer.expression)
            : null);
        if (value !== null && readable(value)) report(node, `attribute ${nameOf(node.name)}`, value);
      } else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'phrase') {
        const value = stringOf(node.arguments[0]);
        if (value !== null && readable(value) && !book.has(value)) report(node, 'phrase without Bengali', value);
      } else if (!namespaced && ts.isPropertyAssignment(node) && DECLARED_PROPERTIES.has(nameOf(node.name))) {
        const value = stringOf(node.initializer);
        if (value !== null && readable(value) && !insideTranslation(node) && !book.has(value))
          report(node, `declared ${nameOf(node.name)} without Bengali`, value);
      }
      ts.forEachChild(node, visit);
    };
    visit(tree);
  }
  // The contracts' messages and resource words, shown by forms and lists: each needs its Bengali (the messages are in
  // ui/messages.phrases.bn.ts, which the storefront fetches too; resource words only the back office shows).
  const contractScope =
    prefixes.length === 0 ||
    prefixes.some((prefix) => prefix.startsWith('packages/contracts') || /^(apps\/web\/src\/)?ui(\/|$)/.test(prefix));
  if (contractScope) {
    for (const message of contractMessages())
      if (!books.app.has(message.text))
        findings.push({ file: message.file, line: message.line, kind: 'contract message without Bengali', text: message.text });
  }
  return findings;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const summary = args.includes('--summary');
  const findings = checkI18n(args.filter((arg) => !arg.startsWith('--')));
  if (summary) {
    const counts = new Map();
    for (const finding of findings) counts.set(finding.file, (counts.get(finding.file) ?? 0) + 1);
    for (const [file, count] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`${String(count).padStart(5)}  ${file}`);
  } else {
    for (const finding of findings) console.log(`${finding.file}:${finding.line}  ${finding.kind}: ${finding.text}`);
  }
  console.log(`${findings.length} untranslated`);
  process.exit(findings.length ? 1 : 0);
}
