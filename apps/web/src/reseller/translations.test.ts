import fs from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { bn as globalBn } from '../i18n/bn';
import { bnStaff } from '../i18n/bn-staff';
import { en as globalEn } from '../i18n/en';
import { enStaff } from '../i18n/en-staff';
import { bn as dropshipperBn } from './account/text-bn';

/**
 * The keyed words of the reseller portal, the reseller's shop and the merchant portal, in Bengali.
 * scripts/check-i18n.mjs finds English written outside a translation call; this finds what it cannot:
 * a `t('key', 'English default')` of the `dropshipper` namespace whose key text-bn.ts lacks (the page
 * shows the English default to Bengali readers), and a key of another namespace missing from its
 * English or Bengali words (the page shows the key itself).
 */
const source = path.resolve(import.meta.dirname, '..');
const FOLDERS = ['reseller', 'storefront/reseller', 'merchant'];

/** The hooks that hand a screen its `t`, and the namespace each reads. */
const HOOKS: Record<string, string> = {
  useText: 'dropshipper',
  useMoneyText: 'resellerMoney',
  useSmsText: 'resellerSms',
  useShopText: 'resellerShop',
};

interface Use {
  file: string;
  line: number;
  namespace: string;
  key: string;
  /** The English written beside the key (the `dropshipper` namespace's way). */
  fallback: string | null;
}

function files(directory: string, found: string[] = []): string[] {
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) files(full, found);
    else if (/\.tsx?$/.test(entry.name) && !/\.(test|e2e)\.tsx?$/.test(entry.name)) found.push(full);
  }
  return found;
}

const literal = (node: ts.Node | undefined): string | null =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null;

/** The namespace a `NAMESPACE` identifier names in this file: its own constant or the one it imports. */
function namespaceConstant(file: string, tree: ts.SourceFile): string | null {
  const own = /const NAMESPACE = '([^']+)'/.exec(tree.text)?.[1];
  if (own) return own;
  for (const statement of tree.statements) {
    if (!ts.isImportDeclaration(statement) || !/\bNAMESPACE\b/.test(statement.importClause?.getText(tree) ?? '')) continue;
    const target = path.resolve(path.dirname(file), (statement.moduleSpecifier as ts.StringLiteral).text);
    const text = fs.readFileSync(fs.existsSync(`${target}.ts`) ? `${target}.ts` : `${target}.tsx`, 'utf8');
    return /export const NAMESPACE = '([^']+)'/.exec(text)?.[1] ?? null;
  }
  return null;
}

/** Every `t(...)` of a known namespace with a written key (keys built at run time are left out). */
function uses(): Use[] {
  const found: Use[] = [];
  for (const file of FOLDERS.flatMap((folder) => files(path.join(source, folder)))) {
    const tree = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const constant = namespaceConstant(file, tree);
    const hookNamespace = (call: ts.CallExpression): string | null => {
      const name = ts.isIdentifier(call.expression) ? call.expression.text : '';
      if (HOOKS[name]) return HOOKS[name];
      if (name !== 'useTranslation') return null;
      const [argument] = call.arguments;
      if (!argument) return 'translation';
      return literal(argument) ?? (ts.isIdentifier(argument) && argument.text === 'NAMESPACE' ? constant : null);
    };
    /** The namespace of the `t` a function declares (`const { t } = useText()`), if it declares one. */
    const declared = new Map<ts.Node, string>();
    const visitDeclarations = (node: ts.Node) => {
      if (
        ts.isVariableDeclaration(node) &&
        ts.isObjectBindingPattern(node.name) &&
        node.name.elements.some((element) => element.name.getText(tree) === 't') &&
        node.initializer &&
        ts.isCallExpression(node.initializer)
      ) {
        const namespace = hookNamespace(node.initializer);
        let scope: ts.Node | undefined = node.parent;
        while (scope && !ts.isFunctionLike(scope)) scope = scope.parent;
        if (namespace && scope) declared.set(scope, namespace);
      }
      ts.forEachChild(node, visitDeclarations);
    };
    visitDeclarations(tree);

    const visitCalls = (node: ts.Node) => {
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        const [first, second] = node.arguments;
        const key = literal(first);
        let namespace: string | null = null;
        if (ts.isIdentifier(callee) && callee.text === 't') {
          for (let scope: ts.Node | undefined = node.parent; scope && !namespace; scope = scope.parent)
            namespace = declared.get(scope) ?? null;
        } else if (
          ts.isPropertyAccessExpression(callee) &&
          callee.getText(tree) === 'i18next.t' &&
          second &&
          ts.isObjectLiteralExpression(second)
        ) {
          const ns = second.properties.find((property) => property.name?.getText(tree) === 'ns');
          if (ns && ts.isPropertyAssignment(ns))
            namespace = literal(ns.initializer) ?? (ns.initializer.getText(tree) === 'NAMESPACE' ? constant : null);
        }
        if (namespace && key !== null) {
          const line = tree.getLineAndCharacterOfPosition(node.getStart(tree)).line + 1;
          found.push({ file: path.relative(source, file), line, namespace, key, fallback: literal(second) });
        }
      }
      ts.forEachChild(node, visitCalls);
    };
    visitCalls(tree);
  }
  return found;
}

/** A nested message object's keys as i18next reads them (`history.title`). */
function flatKeys(words: object, prefix = ''): Set<string> {
  const keys = new Set<string>();
  for (const [key, value] of Object.entries(words)) {
    if (value && typeof value === 'object') for (const inner of flatKeys(value, `${prefix}${key}.`)) keys.add(inner);
    else keys.add(`${prefix}${key}`);
  }
  return keys;
}

/** i18next's plural forms: `onlyLeft` is found as `onlyLeft_one` / `onlyLeft_other`. */
const has = (keys: Set<string>, key: string) => keys.has(key) || keys.has(`${key}_other`);

let found: Use[] = [];
const bundles = new Map<string, { en: Set<string>; bn: Set<string> }>();

beforeAll(async () => {
  await i18next.init({ lng: 'en', resources: {} });
  // The namespaces register their words with i18next as their modules load.
  await Promise.all([import('../ui/portal/money/i18n'), import('./sms/i18n'), import('./storefront/i18n'), import('./api-docs/i18n')]);
  for (const namespace of ['resellerMoney', 'resellerSms', 'resellerShop', 'resellerApiDocs']) {
    bundles.set(namespace, {
      en: flatKeys(i18next.getResourceBundle('en', namespace) ?? {}),
      bn: flatKeys(i18next.getResourceBundle('bn', namespace) ?? {}),
    });
  }
  bundles.set('translation', { en: flatKeys({ ...globalEn, ...enStaff }), bn: flatKeys({ ...globalBn, ...bnStaff }) });
  found = uses();
});

describe('the words of the reseller portal, the reseller shop and the merchant portal', () => {
  it('finds the translation calls of every namespace', () => {
    const namespaces = new Set(found.map((use) => use.namespace));
    for (const namespace of ['dropshipper', 'resellerMoney', 'resellerSms', 'resellerShop', 'resellerApiDocs', 'translation'])
      expect(namespaces, namespace).toContain(namespace);
  });

  it('has Bengali for every key of the dropshipper namespace, and English written beside each', () => {
    const dropshipper = found.filter((use) => use.namespace === 'dropshipper');
    expect(dropshipper.length).toBeGreaterThan(200);
    const missing = dropshipper.filter((use) => !Object.hasOwn(dropshipperBn, use.key)).map((use) => `${use.file}:${use.line} ${use.key}`);
    expect(missing).toEqual([]);
    // Keys made at run time: an order's status (1–8) and an account's.
    const made = [...'12345678'].map((code) => `status${code}`).concat(['account_active', 'account_pending', 'account_suspended']);
    expect(made.filter((key) => !Object.hasOwn(dropshipperBn, key))).toEqual([]);
    const noEnglish = dropshipper.filter((use) => use.fallback === null).map((use) => `${use.file}:${use.line} ${use.key}`);
    expect(noEnglish).toEqual([]);
  });

  it("has every other namespace's keys in English and in Bengali", () => {
    const missing = found
      .filter((use) => use.namespace !== 'dropshipper')
      .flatMap((use) => {
        const bundle = bundles.get(use.namespace);
        const where = `${use.file}:${use.line} ${use.namespace}:${use.key}`;
        if (!bundle) return [`${where} (unknown namespace)`];
        return [...(has(bundle.en, use.key) ? [] : [`${where} (English)`]), ...(has(bundle.bn, use.key) ? [] : [`${where} (Bengali)`])];
      });
    expect(missing).toEqual([]);
  });
});
