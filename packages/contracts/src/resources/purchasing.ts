import { z } from 'zod';
import { PURCHASE_STATUSES, type PurchaseView, supplierInput } from '../purchasing';
import { defineResourceDescriptor, idFilter, statusFilter, viewOf } from './descriptor';

type Stamped = { id: number; created_at: string; updated_at: string };

export type SupplierView = Stamped & {
  kind: 'goods' | 'fabric';
  name: string;
  company: string;
  phone: string;
  address: string;
  opening_balance: number;
  status: number;
  purchases_count: number;
  /** What the shop owes them now (decision 034). */
  due: number;
};

/** Suppliers of finished goods (`/admin/supplier`); the kind is fixed by the screen. */
export const supplierDescriptor = defineResourceDescriptor({
  name: 'supplier',
  label: 'supplier',
  title: 'Suppliers',
  path: '/api/admin/suppliers',
  permission: 'supplier',
  input: supplierInput,
  view: viewOf<SupplierView>(),
  sort: ['id', 'name', 'company', 'created_at'],
  defaultSort: 'name',
  filters: { status: statusFilter },
  import: { match: ['id', 'name'] },
});

/** Suppliers of fabric (`/admin/fabrics/supplier`): the same entity, the other kind. */
export const fabricSupplierDescriptor = defineResourceDescriptor({
  name: 'fabric-supplier',
  label: 'fabric supplier',
  title: 'Fabric suppliers',
  path: '/api/admin/fabric-suppliers',
  permission: 'supplier',
  input: supplierInput,
  view: viewOf<SupplierView>(),
  sort: ['id', 'name', 'company', 'created_at'],
  defaultSort: 'name',
  filters: { status: statusFilter },
  import: { match: ['id', 'name'] },
});

/**
 * Purchases (`/admin/purchase`): the list, its filters and CSV come from the machinery; saving,
 * receiving and returning are the purchasing module's own routes (a purchase is more than a row).
 */
export const purchaseDescriptor = defineResourceDescriptor({
  name: 'purchase',
  label: 'purchase',
  title: 'Purchases',
  path: '/api/admin/purchases',
  permission: 'purchase',
  input: z.object({}),
  view: viewOf<PurchaseView>(),
  sort: ['id', 'purchased_on', 'total', 'created_at'],
  defaultSort: '-purchased_on',
  filters: {
    supplier_id: idFilter,
    status: z.enum(PURCHASE_STATUSES),
    from: z.iso.date(),
    to: z.iso.date(),
    with_due: z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1'),
  },
  readOnly: true,
});
