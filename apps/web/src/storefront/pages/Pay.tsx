import { PayPage } from '../PayPage';

const thanks = (number: string) => `/order/${encodeURIComponent(number)}/thanks?paid=1`;

/** `/pay/:number?key=…`: the storefront's pay page (decision 062). */
export default function Pay() {
  return <PayPage home="/" thanks={thanks} />;
}
