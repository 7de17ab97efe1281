import { z } from 'zod';
import { BILL_RECURRENCES, type BillView, billInput } from '../bills';
import { LOAN_DIRECTIONS, type LoanerView, type LoanView, loanerInput, loanInput } from '../loans';
import { defineResourceDescriptor, idFilter, statusFilter, viewOf } from './descriptor';

/** Lenders and borrowers (decision 051): their details; `/admin/loaner/details/{id}` shows their loans. */
export const loanerDescriptor = defineResourceDescriptor({
  name: 'loaner',
  label: 'lender or borrower',
  title: 'Lenders and borrowers',
  path: '/api/admin/loaners',
  permission: 'loan',
  input: loanerInput,
  view: viewOf<LoanerView>(),
  sort: ['id', 'name', 'created_at'],
  defaultSort: 'name',
});

/**
 * Loans (`/admin/loan/manage`, `/admin/loan/add`): the list from the machinery; a loan is made by the
 * loans module's own route (it posts a journal entry and its schedule) and never edited.
 */
export const loanDescriptor = defineResourceDescriptor({
  name: 'loan',
  label: 'loan',
  title: 'Loans',
  path: '/api/admin/loans',
  permission: 'loan',
  input: loanInput,
  view: viewOf<LoanView>(),
  sort: ['id', 'date', 'principal', 'created_at'],
  defaultSort: '-date',
  filters: { direction: z.enum(LOAN_DIRECTIONS), loaner_id: idFilter, overdue: z.enum(['1', '0']) },
  readOnly: true,
});

/** Recurring bills (`/admin/bill/statement`, `/add`, `/edit/{id}`): each with its next due date and what is due. */
export const billDescriptor = defineResourceDescriptor({
  name: 'bill',
  label: 'bill',
  title: 'Bill statement',
  path: '/api/admin/bills',
  permission: 'bill',
  input: billInput,
  view: viewOf<BillView>(),
  sort: ['id', 'name', 'usual_amount', 'created_at'],
  defaultSort: 'name',
  filters: { status: statusFilter, recurrence: z.enum(BILL_RECURRENCES), purpose_id: idFilter },
});
