import { redirect } from 'react-router';

/** `/admin` itself opens the dashboard. */
export function loader() {
  throw redirect('/admin/dashboard');
}

export default function AdminHome() {
  return null;
}
