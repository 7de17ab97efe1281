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

const api = path.join(root, 'apps/api/src');
/** Files of apps/api/src whose words no person reads in the apps: tests, demo data, tables, start-up. */
const API_SKIPPED = /(\.(test|e2e|fixture)\.ts|\.seed\.ts|\.table\.ts|\.d\.ts)$|(^|\/)(test|db|scripts)\/|^(main|config|paths)\.ts$/;
/** Errors thrown for the logs or a developer, never answered to a person. */
const DEVELOPER_ERRORS = new Set(['Error', 'TypeError', 'RangeError', 'SyntaxError', 'ConfigError', 'OAuthProviderError']);
/** A property or parameter holding words a person reads: `message`, `inactiveMessage`, and `what` ("{{what}} was not found."). */
const MESSAGE_NAME = /^(message|what|\w+Message)$/;
/**
 * The API's files whose messages a shopper can meet in the storefront (cart, checkout, account, password reset,
 * sign-in, order tracking, reviews, the contact form, a reseller's shop): their Bengali must be in a phrasebook the
 * storefront fetches (ui/shopper-messages.phrases.bn.ts, at the first focus or the first refusal), not only in the
 * back office's (ui/server-messages.phrases.bn.ts).
 */
const SHOPPER_SOURCES = [
  'http/errors.ts',
  'http/auth.ts',
  'http/input.ts',
  'http/csrf.ts',
  'modules/auth/',
  'modules/cart/',
  'modules/storefront/',
  'modules/customers/',
  'modules/orders/customer-order',
  'modules/orders/order.service.ts',
  'modules/content/product-review',
  'modules/content/contact-message.service.ts',
  'modules/marketing/coupon.service.ts',
  'modules/resellers/shop/',
  // The pay page (decision 062): starting an online payment and why it is refused.
  'modules/payments/payment.service.ts',
  'modules/payments/gateways.ts',
];

/** A placeholder's name for a part of a template: `${order.number}` → number, `${done.length}` → done. */
function placeholderName(expression) {
  let at = expression;
  for (;;) {
    if (ts.isParenthesizedExpression(at) || ts.isNonNullExpression(at) || ts.isAsExpression(at)) at = at.expression;
    else if (ts.isBinaryExpression(at)) return 'n';
    else if (ts.isCallExpression(at)) {
      const callee = at.expression;
      // `Math.max(0, left)`, `String(n)`: what is counted; `n.toLocaleString('en')`: n.
      const global = ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && /^[A-Z]/.test(callee.expression.text);
      if (ts.isPropertyAccessExpression(callee) && !global) at = callee.expression;
      else if (global && at.arguments.length) at = at.arguments[at.arguments.length - 1];
      else if (at.arguments[0]) at = at.arguments[0];
      else return ts.isIdentifier(at.expression) ? at.expression.text : 'value';
    } else if (ts.isElementAccessExpression(at)) at = at.expression;
    else if (ts.isPropertyAccessExpression(at)) {
      if (at.name.text !== 'length') return at.name.text;
      at = at.expression;
    } else if (ts.isIdentifier(at)) return at.text;
    else return 'value';
  }
}

/**
 * The server's messages (decision 030): what apps/api/src answers a person in `{message, errors}` or a route's
 * `message` (a toast), each as the English the web app translates. Found:
 *  - `new HttpError(status, message, errors)` (and an Error class of the API's own, e.g. a courier's refusal): the
 *    message and the strings of the errors object;
 *  - a `message:` property (`{ data, message: 'Saved.' }`, `refused.push({ id, message })`, a resource's `unique`
 *    refusal) and a `…Message:` property (`inactiveMessage`);
 *  - a call of a helper whose parameter becomes a message (`notFound('The order')`, `invalid('phone', '…')`,
 *    `fileError('…')`, a parameter named `message` or `what`): the message the helper makes of it ("The order was
 *    not found."), and of its default (`what = 'The record'`).
 * A part that is not a literal becomes a placeholder: `The ${definition.label} was saved.` → "The {{label}} was
 * saved.", matched by ui/form-errors.ts's translateMessage, which passes the part itself through `phrase` ("category").
 * A constant (`const NOT_FOUND = '…'`, an object of messages such as COUPON_REFUSALS) is followed to its strings.
 * Words only for the logs (a thrown Error at start-up, a console line) are not messages; a line (or the line above it)
 * holding `i18n-ignore` is skipped (an SMS's text, which is the shop's own words).
 */
export function apiMessages(directory = api) {
  const files = walk(directory).filter((file) => !API_SKIPPED.test(path.relative(directory, file).split(path.sep).join('/')));
  const parsed = files.map((file) => {
    const text = fs.readFileSync(file, 'utf8');
    return { file, lines: text.split('\n'), tree: ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true) };
  });
  // Constants followed to their strings: this file's first, then any file's (the contracts' too).
  const constants = new Map();
  const fileConstants = new Map();
  const constantFiles = [
    ...parsed,
    ...walk(contracts)
      .filter((file) => !/\.test\.ts$/.test(file))
      .map((file) => ({ file, tree: ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true) })),
  ];
  for (const { file, tree } of constantFiles) {
    const own = new Map();
    fileConstants.set(file, own);
    const visit = (node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        const list = own.get(node.name.text) ?? [];
        list.push(node.initializer);
        own.set(node.name.text, list);
        if (!constants.has(node.name.text)) constants.set(node.name.text, node.initializer);
      }
      ts.forEachChild(node, visit);
    };
    visit(tree);
  }
  const SLOT = '\u0000';
  // Helpers: a function whose parameter becomes a message → its name → [{ index, patterns }], a pattern holding SLOT
  // where the argument goes. Found again until nothing changes: `pathId(raw, what)` calls `notFound(what)`.
  const helpers = new Map();
  const functionsOf = (tree) => {
    const found = [];
    const visit = (node) => {
      if (ts.isFunctionDeclaration(node) && node.name && node.body) found.push([node.name.text, node]);
      else if (ts.isMethodDeclaration(node) && ts.isIdentifier(node.name) && node.body) found.push([node.name.text, node]);
      else if (
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        node.initializer &&
        (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
      )
        found.push([node.name.text, node.initializer]);
      ts.forEachChild(node, visit);
    };
    visit(tree);
    return found;
  };
  const functions = parsed.flatMap(({ file, tree }) => functionsOf(tree).map(([name, fn]) => ({ file, name, fn })));
  const functionByKey = new Map();
  const functionByName = new Map();
  for (const each of functions) {
    if (!functionByKey.has(`${each.file}#${each.name}`)) functionByKey.set(`${each.file}#${each.name}`, each);
    if (!functionByName.has(each.name)) functionByName.set(each.name, each);
  }

  /**
   * The texts a node can be, with `slots` naming parameters that stand for SLOT (a helper's own parameter) and
   * `file` for its constants. `depth` stops runaway constants.
   */
  const texts = (node, file, slots = new Set(), depth = 0) => {
    if (!node || depth > 6) return [];
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node) || ts.isSatisfiesExpression?.(node))
      return texts(node.expression, file, slots, depth);
    if (ts.isConditionalExpression(node))
      return [...texts(node.whenTrue, file, slots, depth), ...texts(node.whenFalse, file, slots, depth)];
    if (ts.isBinaryExpression(node) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(node.operatorToken.kind))
      return [...texts(node.left, file, slots, depth), ...texts(node.right, file, slots, depth)];
    if (ts.isIdentifier(node)) {
      if (slots.has(node.text)) return [SLOT];
      return constantTexts(node.text, file, slots, depth);
    }
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
      const object = constantObject(node.expression.text, file);
      const value = object?.properties.find((property) => ts.isPropertyAssignment(property) && nameOf(property.name) === node.name.text);
      return value ? texts(value.initializer, file, new Set(), depth + 1) : [];
    }
    if (ts.isElementAccessExpression(node) && ts.isIdentifier(node.expression)) {
      const object = constantObject(node.expression.text, file);
      return object
        ? object.properties.flatMap((property) =>
            ts.isPropertyAssignment(property) ? texts(property.initializer, file, new Set(), depth + 1) : [],
          )
        : [];
    }
    if (ts.isCallExpression(node)) return returnedTexts(node, file, depth);
    if (ts.isTemplateExpression(node)) {
      let variants = [node.head.text];
      const used = new Map();
      for (const span of node.templateSpans) {
        let parts = texts(span.expression, file, slots, depth + 1);
        if (parts.length === 0 || parts.length > 8) {
          let name = placeholderName(span.expression);
          const expression = span.expression.getText();
          if (used.has(name) && used.get(name) !== expression) name = `${name}${used.size + 1}`;
          used.set(name, expression);
          parts = [`{{${name}}}`];
        }
        variants = variants.flatMap((head) => parts.map((part) => head + part + span.literal.text)).slice(0, 16);
      }
      return variants;
    }
    return [];
  };
  // A constant (UPPER_CASE, this file's or any file's) or this file's `const x = 'A sentence'` / template: its texts.
  const sentenceLike = (initializer) =>
    (ts.isTemplateExpression(initializer) &&
      /\s/.test([initializer.head.text, ...initializer.templateSpans.map((span) => span.literal.text)].join(''))) ||
    ((ts.isStringLiteral(initializer) || ts.isNoSubstitutionTemplateLiteral(initializer)) && /\s/.test(initializer.text)) ||
    (ts.isConditionalExpression(initializer) && sentenceLike(initializer.whenTrue) && sentenceLike(initializer.whenFalse));
  const constantTexts = (name, file, slots, depth) => {
    const upper = /^[A-Z][A-Z0-9_]*$/.test(name);
    const local = (fileConstants.get(file)?.get(name) ?? []).filter((initializer) => upper || sentenceLike(initializer));
    const initializers = local.length ? local : upper && constants.has(name) ? [constants.get(name)] : [];
    return initializers.flatMap((initializer) =>
      ts.isObjectLiteralExpression(initializer) || ts.isArrowFunction(initializer) ? [] : texts(initializer, file, slots, depth + 1),
    );
  };
  /** A call of this file's small function that returns words (`isAre(n)`: 'is' or 'are'): those words. */
  const returnedTexts = (call, file, depth) => {
    if (!ts.isIdentifier(call.expression)) return [];
    const fn = functionByKey.get(`${file}#${call.expression.text}`)?.fn;
    if (!fn || !ts.isArrowFunction(fn) || ts.isBlock(fn.body)) return [];
    const found = texts(fn.body, file, new Set(), depth + 1);
    return found.some((text) => text.includes('{{')) ? [] : found;
  };
  const constantObject = (name, file) => {
    if (!/^[A-Z][A-Z0-9_]*$/.test(name)) return null;
    let initializer = fileConstants.get(file)?.get(name)?.[0] ?? constants.get(name);
    while (initializer && (ts.isAsExpression(initializer) || ts.isSatisfiesExpression?.(initializer))) initializer = initializer.expression;
    return initializer && ts.isObjectLiteralExpression(initializer) ? initializer : null;
  };
  const helperOf = (name, file) => {
    const own = functionByKey.get(`${file}#${name}`);
    return helpers.get(own ? `${file}#${name}` : name) ?? (own ? undefined : helpers.get(name));
  };
  const ERROR_CLASS = (node) =>
    ts.isNewExpression(node) &&
    ts.isIdentifier(node.expression) &&
    /Error$/.test(node.expression.text) &&
    !DEVELOPER_ERRORS.has(node.expression.text);

  /** The message nodes of one place: a new HttpError's message and errors, a `message:` property, a helper's argument. */
  const messageNodes = (node, file) => {
    const found = [];
    if (ERROR_CLASS(node)) {
      const args = node.arguments ?? [];
      if (node.expression.text === 'HttpError') {
        if (args[1]) found.push({ node: args[1] });
        if (args[2] && ts.isObjectLiteralExpression(args[2]))
          for (const property of args[2].properties)
            if (ts.isPropertyAssignment(property) && ts.isArrayLiteralExpression(property.initializer))
              for (const element of property.initializer.elements) found.push({ node: element });
      } else if (args[0]) found.push({ node: args[0] });
    } else if (
      ts.isPropertyAssignment(node) &&
      MESSAGE_NAME.test(nameOf(node.name)) &&
      nameOf(node.name) !== 'what' &&
      // An SMS or e-mail the shop sends (`{ to, message }`) is the shop's own words, not an answer to a screen.
      !node.parent.properties.some((property) => property.name && nameOf(property.name) === 'to')
    ) {
      found.push({ node: node.initializer });
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : null;
      const helper = name && helperOf(name, file);
      if (helper)
        for (const { index, patterns } of helper) if (node.arguments[index]) found.push({ node: node.arguments[index], patterns });
    }
    return found;
  };

  // The nodes of a function's body that can hold a message (read once, looked at again each round).
  const candidates = new Map();
  const candidatesOf = (fn) => {
    let found = candidates.get(fn);
    if (!found) {
      found = [];
      const visit = (node) => {
        if (ts.isNewExpression(node) || ts.isPropertyAssignment(node) || ts.isCallExpression(node)) found.push(node);
        ts.forEachChild(node, visit);
      };
      if (fn.body) visit(fn.body);
      candidates.set(fn, found);
    }
    return found;
  };

  // Helpers, to a fixpoint.
  for (let round = 0; round < 5; round++) {
    let changed = false;
    for (const { file, name, fn } of functions) {
      const parameters = fn.parameters.map((parameter) => (ts.isIdentifier(parameter.name) ? parameter.name.text : null));
      const positions = [];
      parameters.forEach((parameter, index) => {
        if (!parameter) return;
        const patterns = new Set();
        for (const node of candidatesOf(fn))
          for (const { node: message, patterns: outer } of messageNodes(node, file))
            for (const text of texts(message, file, new Set([parameter])))
              if (text.includes(SLOT)) for (const around of outer ?? [SLOT]) patterns.add(around.replace(SLOT, text));
        // A parameter named `message` (or `what`) is a message whatever the helper does with it.
        if (patterns.size === 0 && MESSAGE_NAME.test(parameter)) patterns.add(SLOT);
        if (patterns.size) positions.push({ index, patterns: [...patterns], initializer: fn.parameters[index].initializer });
      });
      if (!positions.length) continue;
      const key = `${file}#${name}`;
      const before = JSON.stringify(helpers.get(key)?.map((position) => position.patterns));
      if (before !== JSON.stringify(positions.map((position) => position.patterns))) changed = true;
      helpers.set(key, positions);
      // Called from another file by its name (imported): the first helper of that name.
      if (!helpers.has(name) || helpers.get(`${name}#from`) === file) {
        helpers.set(name, positions);
        helpers.set(`${name}#from`, file);
      }
    }
    if (!changed) break;
  }

  /** The name of the helper's parameter an argument is given for (`permission`). */
  const helperParameter = (argument) => {
    const call = argument.parent;
    const callee = call.expression;
    const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
    const fn = functionByName.get(name)?.fn;
    const parameter = fn?.parameters[call.arguments.indexOf(argument)]?.name;
    return parameter && ts.isIdentifier(parameter) ? parameter.text : 'value';
  };
  const found = [];
  const seen = new Set();
  for (const { file, lines, tree } of parsed) {
    const rel = path.relative(directory, file).split(path.sep).join('/');
    const shopper = SHOPPER_SOURCES.some((prefix) => rel.startsWith(prefix));
    const addOne = (node, value) => {
      // A message is a sentence: a single word is a code (`linked_elsewhere`) or a word put into one.
      if (value.includes(SLOT) || !readable(value) || !/\S\s+\S/.test(value)) return;
      const line = tree.getLineAndCharacterOfPosition(node.getStart(tree)).line;
      if (/i18n-ignore/.test(lines[line] ?? '') || /i18n-ignore/.test(lines[line - 1] ?? '')) return;
      const key = `${rel}\u0001${value}`;
      if (seen.has(key)) return;
      seen.add(key);
      found.push({ file: path.relative(root, file).split(path.sep).join('/'), line: line + 1, text: value, shopper });
    };
    // The words a resource's `usedBy` puts into "This category cannot be deleted: it is used by 3 subcategories and 12
    // products." (http/resource.ts), plural and singular: the web's translateMessage translates each count's word.
    const addWord = (node, value) => {
      const line = tree.getLineAndCharacterOfPosition(node.getStart(tree)).line;
      const key = `${rel}\u0001word\u0001${value}`;
      if (!readable(value) || seen.has(key)) return;
      seen.add(key);
      found.push({ file: path.relative(root, file).split(path.sep).join('/'), line: line + 1, text: value, shopper, word: true });
    };
    const usageWords = (array) => {
      const visitUse = (node) => {
        const values =
          ts.isPropertyAssignment(node) && nameOf(node.name) === 'label'
            ? texts(node.initializer, file)
            : ts.isCallExpression(node) && node.arguments.length
              ? texts(node.arguments[node.arguments.length - 1], file)
              : [];
        for (const value of values) {
          addWord(node, value);
          addWord(node, value.replace(/ies$/, 'y').replace(/s$/, ''));
        }
        ts.forEachChild(node, visitUse);
      };
      visitUse(array);
    };
    const visit = (node) => {
      if (ts.isPropertyAssignment(node) && nameOf(node.name) === 'usedBy') usageWords(node.initializer);
      for (const { node: message, patterns } of messageNodes(node, file))
        for (const text of texts(message, file))
          for (const pattern of patterns ?? [SLOT]) {
            // A code put into a message (`requireAdmin('order.view')`: You do not have the "order.view" permission)
            // keeps its placeholder: one phrase for every code, which stays as it is in Bengali.
            const code = pattern !== SLOT && !/\s/.test(text) && !text.includes('{{');
            addOne(message, pattern.replace(SLOT, code ? `{{${helperParameter(message)}}}` : text));
          }
      // A helper's default (`what = 'The record'`) is a message too.
      if (ts.isParameter(node) && node.initializer && ts.isIdentifier(node.name)) {
        const fn = node.parent;
        const name =
          fn.name && ts.isIdentifier(fn.name)
            ? fn.name.text
            : fn.parent && ts.isVariableDeclaration(fn.parent) && ts.isIdentifier(fn.parent.name)
              ? fn.parent.name.text
              : null;
        const helper = name && helpers.get(`${file}#${name}`);
        const position = helper?.find((each) => each.initializer === node.initializer);
        if (position)
          for (const text of texts(node.initializer, file))
            for (const pattern of position.patterns) addOne(node, pattern.replace(SLOT, text));
      }
      ts.forEachChild(node, visit);
    };
    visit(tree);
  }
  return found;
}

export function checkI18n(prefixes = []) {
  const files = walk(source);
  // `shopper`: the books a storefront page has when it shows a server's refusal (the eager ones and those fetched at
  // the first focus or the first refusal: storefront/router.tsx).
  const books = { storefront: new Set(), app: new Set(), shopper: new Set() };
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
    const shared = /^(ui\/(shared|messages|shopper-messages)\.phrases\.bn\.ts$|lib\/)/.test(rel);
    const areas = rel.startsWith('storefront/') ? ['storefront'] : shared ? ['storefront', 'app', 'shopper'] : ['app'];
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
  // The server's messages (apps/api/src): each needs its Bengali in a book the back office and the portals load, and
  // one a shopper can meet in a book the storefront fetches too (ui/shopper-messages.phrases.bn.ts).
  const apiScope =
    prefixes.length === 0 || prefixes.some((prefix) => prefix.startsWith('apps/api') || /^(apps\/web\/src\/)?ui(\/|$)/.test(prefix));
  if (apiScope) findings.push(...untranslatedApiMessages(books, prefixes));
  return findings;
}

/** Findings for the server's messages missing from `books` (only under `prefixes` of apps/api/src, when given). */
export function untranslatedApiMessages(books, prefixes = [], directory = api) {
  const findings = [];
  const apiPrefixes = prefixes.filter((prefix) => prefix.startsWith('apps/api'));
  for (const message of apiMessages(directory)) {
    if (apiPrefixes.length && !apiPrefixes.some((prefix) => message.file.startsWith(prefix))) continue;
    if (!books.app.has(message.text))
      findings.push({
        file: message.file,
        line: message.line,
        kind: message.word ? 'word of a server message without Bengali' : 'server message without Bengali',
        text: message.text,
      });
    else if (message.shopper && !books.shopper.has(message.text))
      findings.push({
        file: message.file,
        line: message.line,
        kind: "shopper's server message not in ui/shopper-messages.phrases.bn.ts",
        text: message.text,
      });
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
