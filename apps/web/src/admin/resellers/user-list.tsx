import { userDescriptor } from '@haat/contracts';
import { peopleList } from './people';

/** `/admin/user/list`: shoppers with a storefront account they sign in to. */
export default peopleList(userDescriptor, 'Shoppers appear here when they sign up on the storefront.');
