import { PayPage, payPageLoader } from '../PayPage';

const thanks = (number: string) => `/order/${encodeURIComponent(number)}/thanks?paid=1`;

export const loader = payPageLoader;

/** `/pay/:number?key=…`: the storefront's pay page (decision 062). */
export default function Pay() {
  return <PayPage home="/" thanks={thanks} />;
}
