import type { CreditDuePart, SystemAccountKey } from '@haat/contracts';
import type { Ctx } from '../../context';

/**
 * Who owes what within a receivable account of the chart (decision 051): a module that keeps its own
 * counterparts (loans: each borrower) registers a source at app start (`http/app.ts`, wireModules), so the
 * credit-due screen can show them without the accounts module importing it (the edge would point back).
 */
export interface ReceivableSource {
  account: SystemAccountKey;
  parts: (ctx: Ctx) => Promise<CreditDuePart[]>;
}

const sources: ReceivableSource[] = [];

export function addReceivableSource(source: ReceivableSource): void {
  if (!sources.some((known) => known.account === source.account)) sources.push(source);
}

/** Every registered source's parts, by account key. */
export async function receivableParts(ctx: Ctx): Promise<Map<string, CreditDuePart[]>> {
  const found = await Promise.all(sources.map(async (source) => [source.account, await source.parts(ctx)] as const));
  return new Map(found);
}
