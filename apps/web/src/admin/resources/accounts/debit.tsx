import { debit } from './money-movement';

export default debit;
