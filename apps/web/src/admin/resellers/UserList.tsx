import { PeopleList } from './PeopleList';

/** `/admin/user/list`: storefront accounts people sign in to. */
export default function UserList() {
  return <PeopleList api="/api/admin/users" title="Users" intro="Shoppers with a storefront account they sign in to." />;
}
