import {
  type BankAccountInput,
  bankAccountInput,
  type MobileBankingInput,
  mobileBankingInput,
  PAYOUT_PROVIDER_LABELS,
  type PayoutAccount,
} from '@haat/contracts';

export type PayoutKind = 'bank' | 'mobile';

/** The columns every payee's saved payout account has. */
export interface PayoutAccountRow {
  id: number;
  kind: PayoutKind;
  provider: string;
  accountName: string;
  accountNumber: string;
  bankName: string;
  branchName: string;
  routingNumber: string;
  accountType: string;
  createdAt: Date;
}

/** How a saved account reads in a chooser and on an invoice. */
export function payoutLabel(
  row: Pick<PayoutAccountRow, 'kind' | 'provider' | 'accountNumber' | 'bankName' | 'branchName' | 'accountType'>,
): string {
  if (row.kind === 'bank') return `${row.bankName}, ${row.branchName} · ${row.accountNumber}`;
  const provider = PAYOUT_PROVIDER_LABELS[row.provider as keyof typeof PAYOUT_PROVIDER_LABELS] ?? row.provider;
  return `${provider} ${row.accountNumber}${row.accountType ? ` (${row.accountType})` : ''}`;
}

export function payoutView(row: PayoutAccountRow): PayoutAccount {
  return {
    id: row.id,
    kind: row.kind,
    provider: row.provider,
    provider_label: PAYOUT_PROVIDER_LABELS[row.provider as keyof typeof PAYOUT_PROVIDER_LABELS] ?? row.provider,
    account_name: row.accountName,
    account_number: row.accountNumber,
    bank_name: row.bankName,
    branch_name: row.branchName,
    routing_number: row.routingNumber,
    account_type: row.accountType,
    label: payoutLabel(row),
    created_at: row.createdAt.toISOString(),
  };
}

/** A bank account's or mobile-banking number's input, parsed, as columns. */
export function payoutValues(kind: PayoutKind, body: unknown) {
  if (kind === 'bank') {
    const input = bankAccountInput.parse(body as BankAccountInput);
    return {
      kind,
      provider: 'bank',
      accountName: input.account_name,
      accountNumber: input.account_number.replace(/[\s-]/g, ''),
      bankName: input.bank_name,
      branchName: input.branch_name,
      routingNumber: input.routing_number,
      accountType: '',
    } as const;
  }
  const input = mobileBankingInput.parse(body as MobileBankingInput);
  return {
    kind,
    provider: input.provider,
    accountName: input.account_name,
    accountNumber: input.account_number,
    bankName: '',
    branchName: '',
    routingNumber: '',
    accountType: input.account_type,
  } as const;
}
