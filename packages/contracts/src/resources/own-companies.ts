import { z } from 'zod';
import {
  ASSET_CATEGORIES,
  ASSET_STATUSES,
  type AssetView,
  assetInput,
  type DirectorView,
  directorInput,
  type InvestmentView,
  investmentInput,
} from '../own-companies';
import { defineResourceDescriptor, idFilter, statusFilter, viewOf } from './descriptor';

/** Fixed assets of our own companies (`/admin/company/assets`), depreciated month by month (decision 052). */
export const assetDescriptor = defineResourceDescriptor({
  name: 'asset',
  label: 'asset',
  title: 'Assets',
  path: '/api/admin/assets',
  permission: 'asset',
  input: assetInput,
  view: viewOf<AssetView>(),
  sort: ['id', 'name', 'purchase_date', 'purchase_value', 'created_at'],
  defaultSort: '-purchase_date',
  filters: { company_id: idFilter, category: z.enum(ASSET_CATEGORIES), status: z.enum(ASSET_STATUSES) },
  /** Over every row the filters keep: what they cost, and what those still in use are worth now. */
  totals: ['purchase_value', 'worth_now'],
});

/** Money investors put into our own companies (`/admin/company/investment`). */
export const investmentDescriptor = defineResourceDescriptor({
  name: 'investment',
  label: 'investment',
  title: 'Investments',
  path: '/api/admin/investments',
  permission: 'investment',
  input: investmentInput,
  view: viewOf<InvestmentView>(),
  sort: ['id', 'date', 'amount', 'created_at'],
  defaultSort: '-date',
  filters: { company_id: idFilter, investor_id: idFilter },
});

/** Directors of our own companies (`/admin/director`). */
export const directorDescriptor = defineResourceDescriptor({
  name: 'director',
  label: 'director',
  title: 'Directors',
  path: '/api/admin/directors',
  permission: 'director',
  input: directorInput,
  view: viewOf<DirectorView>(),
  sort: ['id', 'name', 'created_at'],
  defaultSort: 'name',
  filters: { company_id: idFilter, status: statusFilter },
});
