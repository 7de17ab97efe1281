import { peopleList } from './people';

/** `/admin/user/list`: shoppers with a storefront account they sign in to. */
export default peopleList('/api/admin/users', 'Shoppers appear here when they sign up on the storefront.');
