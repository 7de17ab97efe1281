import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    // The application's code; tests build the world they need (a test may write a row directly).
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('payee journals', () => {
  it('are written only by writeLedgerEntry, from where each entry reaches the shop’s books (decisions 042, 048)', () => {
    const writers = sources(src).filter((file) =>
      /\.insert\(\s*(merchantLedger|resellerLedger|ledger\.table)\b|insert\s+into\s+"?(merchant|reseller)_ledger\b/i.test(
        fs.readFileSync(file, 'utf8'),
      ),
    );
    expect(writers.map((file) => path.relative(src, file))).toEqual([path.join('modules', 'payouts', 'ledger.ts')]);
  });
});
