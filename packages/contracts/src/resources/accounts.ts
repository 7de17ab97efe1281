import { z } from 'zod';
import {
  type AccountPurposeView,
  accountPurposeInput,
  BALANCE_KINDS,
  type BalanceAccountView,
  balanceAccountInput,
  type FundTransferView,
  fundTransferInput,
  type MoneyMovementView,
  moneyMovementInput,
  PURPOSE_TYPES,
} from '../accounts';
import { defineResourceDescriptor, idFilter, statusFilter, viewOf } from './descriptor';

/** Balances (`/admin/balance`): cash boxes, bank accounts and mobile wallets, with what each holds now. */
export const balanceAccountDescriptor = defineResourceDescriptor({
  name: 'balance',
  label: 'balance',
  title: 'Balances',
  path: '/api/admin/balances',
  permission: 'balance',
  input: balanceAccountInput,
  view: viewOf<BalanceAccountView>(),
  sort: ['id', 'name', 'code', 'balance', 'created_at'],
  defaultSort: 'code',
  filters: { status: statusFilter, kind: z.enum(BALANCE_KINDS) },
});

/** Account purposes (`/admin/account/purpose`): the names income and expenses are booked under. */
export const accountPurposeDescriptor = defineResourceDescriptor({
  name: 'account-purpose',
  label: 'account purpose',
  title: 'Account purposes',
  path: '/api/admin/account-purposes',
  permission: 'account.purpose',
  input: accountPurposeInput,
  view: viewOf<AccountPurposeView>(),
  sort: ['id', 'name', 'code', 'created_at'],
  defaultSort: 'code',
  filters: { status: statusFilter, type: z.enum(PURPOSE_TYPES) },
});

/**
 * Fund transfers (`/admin/found/transfer`): the list comes from the machinery; a transfer is made by
 * the accounts module's own route (it posts a journal entry) and never edited (a mistake is reversed).
 */
export const fundTransferDescriptor = defineResourceDescriptor({
  name: 'fund-transfer',
  label: 'fund transfer',
  title: 'Fund transfers',
  path: '/api/admin/fund-transfers',
  permission: 'fund.transfer',
  permissions: {
    view: 'fund.transfer.view',
    create: 'fund.transfer.create',
    update: 'fund.transfer.create',
    delete: 'fund.transfer.create',
  },
  input: fundTransferInput,
  view: viewOf<FundTransferView>(),
  sort: ['id', 'date', 'amount', 'created_at'],
  defaultSort: '-date',
  filters: { balance_id: idFilter, from: z.iso.date(), to: z.iso.date() },
  readOnly: true,
});

const movementFilters = { purpose_id: idFilter, balance_id: idFilter, from: z.iso.date(), to: z.iso.date() };

/** Money in with a purpose (`/admin/credit`): posted to the ledger; an edit reverses and reposts. */
export const creditDescriptor = defineResourceDescriptor({
  name: 'credit',
  label: 'money in',
  title: 'Money in',
  path: '/api/admin/credits',
  permission: 'credit',
  input: moneyMovementInput,
  view: viewOf<MoneyMovementView>(),
  sort: ['id', 'date', 'amount', 'created_at'],
  defaultSort: '-date',
  filters: movementFilters,
});

/** Money out with a purpose (`/admin/debit`): never below zero unless the balance allows overdraft. */
export const debitDescriptor = defineResourceDescriptor({
  name: 'debit',
  label: 'money out',
  title: 'Money out',
  path: '/api/admin/debits',
  permission: 'debit',
  input: moneyMovementInput,
  view: viewOf<MoneyMovementView>(),
  sort: ['id', 'date', 'amount', 'created_at'],
  defaultSort: '-date',
  filters: movementFilters,
});
