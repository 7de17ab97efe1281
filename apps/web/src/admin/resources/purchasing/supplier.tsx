import { supplierDescriptor } from '@haat/contracts';
import { supplierScreens } from './shared';

/** `/admin/supplier`, `/admin/Supplier/Add`, `/admin/edit/supplier/{id}`: suppliers of finished goods. */
export default supplierScreens(supplierDescriptor);
