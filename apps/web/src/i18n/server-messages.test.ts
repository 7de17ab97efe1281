import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain Node script without types
import { apiMessages, untranslatedApiMessages } from '../../../../scripts/check-i18n.mjs';

type Message = { file: string; line: number; text: string; shopper: boolean };
type Finding = { kind: string; text: string };

// An API module written tomorrow: its messages are found the ways the real ones are (decision 030).
const fixture = fs.mkdtempSync(path.join(os.tmpdir(), 'haat-api-messages-'));
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(fixture, file)), { recursive: true });
  fs.writeFileSync(path.join(fixture, file), text);
};
write(
  'http/errors.ts',
  `export class HttpError extends Error { constructor(readonly statusCode: number, message: string, readonly errors?: Record<string, string[]>) { super(message); } }
export const notFound = (what = 'The record') => new HttpError(404, \`\${what} was not found.\`);
export function invalid(field: string, message: string) { return new HttpError(422, message, { [field]: [message] }); }
export function requireAdmin(permission: string) { return () => { throw new HttpError(403, \`You do not have the "\${permission}" permission.\`); }; }`,
);
write(
  'modules/fabrics/fabric.service.ts',
  `import { HttpError, invalid, notFound, requireAdmin } from '../../http/errors';
const SHORT = 'The roll is shorter than the cut.';
const unit = (n: number) => (n === 1 ? 'metre' : 'metres');
export async function cutFabric(roll: { name: string; metres: number } | undefined, metres: number) {
  requireAdmin('fabric.cut');
  if (!roll) throw notFound('The fabric roll');
  if (metres > roll.metres) throw new HttpError(409, SHORT, { metres: [\`Only \${roll.metres} \${unit(roll.metres)} of \${roll.name} are left.\`] });
  if (metres <= 0) throw invalid('metres', 'Cut at least a tenth of a metre.');
  throw new Error('A start-up check, for the logs only.');
}
export const saved = (name: string) => ({ message: \`The fabric \${name} was saved.\` });
export const sms = (to: string) => ({ to, message: 'Your fabric is ready.' });`,
);
write('modules/fabrics/fabric.resource.ts', `export const fabricResource = { label: 'fabric', usedBy: [{ label: 'cutting slips' }] };`);
write('modules/cart/fabric-cart.routes.ts', `export const answer = () => ({ message: 'The fabric is in your cart.' });`);
write('modules/fabrics/fabric.service.test.ts', `const message = 'A test line is not a message.';`);
afterAll(() => fs.rmSync(fixture, { recursive: true, force: true }));

describe("check-i18n: the server's messages need Bengali", () => {
  const messages = apiMessages(fixture) as Message[];
  const texts = messages.map((message) => message.text);

  it('finds HttpErrors, helpers, constants, message properties and templates as placeholders', () => {
    expect(texts).toEqual(
      expect.arrayContaining([
        'The record was not found.',
        'The fabric roll was not found.',
        'You do not have the "{{permission}}" permission.',
        'The roll is shorter than the cut.',
        'Only {{metres}} metre of {{name}} are left.',
        'Only {{metres}} metres of {{name}} are left.',
        'Cut at least a tenth of a metre.',
        'The fabric {{name}} was saved.',
        'The fabric is in your cart.',
      ]),
    );
  });

  it("finds the words a resource's usedBy puts into a refusal, plural and singular", () => {
    const words = messages.filter((message) => (message as Message & { word?: boolean }).word).map((message) => message.text);
    expect(words).toEqual(expect.arrayContaining(['cutting slips', 'cutting slip']));
  });

  it("leaves out the logs' words, an SMS's text and tests", () => {
    expect(texts).not.toContain('A start-up check, for the logs only.');
    expect(texts).not.toContain('Your fabric is ready.');
    expect(texts).not.toContain('A test line is not a message.');
  });

  it('fails on a message without Bengali, and on a shopper’s message the storefront would not have', () => {
    const books = {
      app: new Set(['The record was not found.', 'The fabric is in your cart.']),
      shopper: new Set(['The record was not found.']),
    };
    const findings = untranslatedApiMessages(books, [], fixture) as Finding[];
    expect(findings).toContainEqual(
      expect.objectContaining({ kind: 'server message without Bengali', text: 'Cut at least a tenth of a metre.' }),
    );
    expect(findings).toContainEqual(
      expect.objectContaining({
        kind: "shopper's server message not in ui/shopper-messages.phrases.bn.ts",
        text: 'The fabric is in your cart.',
      }),
    );
    expect(findings.map((finding) => finding.text)).not.toContain('The record was not found.');
  });

  it('finds the real API’s messages (hundreds), each with its Bengali (the coverage test checks them)', () => {
    const real = apiMessages() as Message[];
    expect(real.length).toBeGreaterThan(400);
    expect(real.map((message) => message.text)).toEqual(
      expect.arrayContaining(['The {{label}} was created.', 'These credentials do not match our records.', 'Your cart is empty.']),
    );
  }, 120_000);
});
