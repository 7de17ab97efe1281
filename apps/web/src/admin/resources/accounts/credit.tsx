import { credit } from './money-movement';

export default credit;
