import { peopleList } from './people';

/** `/admin/customer/list`: everyone who ordered from the shop or signed up. */
export default peopleList('/api/admin/customers', 'Customers appear here when they order or sign up on the storefront.');
