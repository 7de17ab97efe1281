import { z } from 'zod';
import type { FabricView } from '../fabrics';
import { FABRIC_UNITS, fabricInput } from '../fabrics';
import { defineResourceDescriptor, statusFilter, viewOf } from './descriptor';

/** The fabrics the shop keeps in its fabric stock (docs/decisions/035): list, add, edit. */
export const fabricDescriptor = defineResourceDescriptor({
  name: 'fabric',
  label: 'fabric',
  title: 'Fabrics',
  path: '/api/admin/fabrics',
  permission: 'fabric',
  input: fabricInput,
  view: viewOf<FabricView>(),
  sort: ['id', 'name', 'stock', 'created_at'],
  defaultSort: 'name',
  filters: { status: statusFilter, unit: z.enum(FABRIC_UNITS) },
});
