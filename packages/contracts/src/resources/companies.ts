import { z } from 'zod';
import { type CompanyKind, companyInput } from '../company-sales';
import { defineResourceDescriptor, statusFilter, viewOf } from './descriptor';

export type CompanyView = {
  id: number;
  created_at: string;
  updated_at: string;
  kind: CompanyKind;
  name: string;
  contact_person: string;
  phone: string;
  email: string;
  address: string;
  opening_balance: number;
  credit_limit: number;
  status: number;
  sales_count: number;
  /** What the company owes us now: opening balance + company sales − their payments (decision 039). */
  due: number;
};

/** Companies (`/admin/company`): businesses that buy from us on credit, and the owner's own businesses. */
export const companyDescriptor = defineResourceDescriptor({
  name: 'company',
  label: 'company',
  title: 'Companies',
  path: '/api/admin/companies',
  permission: 'company',
  input: companyInput,
  view: viewOf<CompanyView>(),
  sort: ['id', 'name', 'created_at'],
  defaultSort: 'name',
  filters: { status: statusFilter, kind: z.enum(['buyer', 'own']) },
  import: { match: ['id', 'name'] },
});
