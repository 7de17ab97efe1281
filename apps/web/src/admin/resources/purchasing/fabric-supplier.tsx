import { fabricSupplierDescriptor } from '@haat/contracts';
import { supplierScreens } from './shared';

/** `/admin/fabrics/supplier`, `/admin/fabrics/add/supplier/`: suppliers of fabric. */
export default supplierScreens(fabricSupplierDescriptor);
