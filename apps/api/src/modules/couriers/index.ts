/**
 * Couriers: the shop's list (`/admin/courier`), their API credentials (`/admin/courier/api`),
 * booking consignments when orders ship, following them until delivered or returned, and the
 * cash-on-delivery money they pay over in remittances (`/admin/courier/remittance`, decision 049).
 */

export { courierRoutes } from './courier.routes';
export { seedCouriers } from './courier.seed';
export { bookShipment, courierChoices, orderCourier, refreshOrderTracking, trackShippedOrders } from './courier.service';
export { COURIER_API_SETTING, connectedProvider, courierConnections, readCredentials } from './courier-credentials.service';
export { type CourierSummary, courierSummary } from './courier-lookup';

// The remittances' entries in the books, registered when the module loads.
import './remittances/remittance-books';

export { remittanceRoutes } from './remittances/remittance.routes';
export { seedDemoRemittances } from './remittances/remittance.seed';
export {
  onRemittanceLineAccepted,
  onRemittanceRecorded,
  type RemittanceLineAcceptedEvent,
  type RemittanceLineAcceptedListener,
  type RemittanceRecordedEvent,
  type RemittanceRecordedLine,
  type RemittanceRecordedListener,
} from './remittances/remittance-postings';
