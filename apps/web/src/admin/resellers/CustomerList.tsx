import { PeopleList } from './PeopleList';

/** `/admin/customer/list`. */
export default function CustomerList() {
  return (
    <PeopleList
      api="/api/admin/customers"
      title="Customers"
      intro="Everyone who ordered from the shop or signed up, with their orders and what was delivered to them."
    />
  );
}
