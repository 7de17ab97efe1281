/** Complaints and return cases (issue 20 §7, decision 061): opened from an order or a phone, followed to the end. */
export { complaintRoutes } from './complaint.routes';
export { seedDemoComplaints } from './complaint.seed';
