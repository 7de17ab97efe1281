import { customerDescriptor } from '@haat/contracts';
import { peopleList } from './people';

/** `/admin/customer/list`: everyone who ordered from the shop or signed up. */
export default peopleList(customerDescriptor, 'Customers appear here when they order or sign up on the storefront.');
