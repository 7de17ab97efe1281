/** The logins the browser tests' demo shop is started with. */
export const E2E_ACCOUNTS = {
  admin: { login: 'owner@e2e.haat', password: 'owner-e2e-password', name: 'Rahim Uddin' },
  reseller: { login: '01700000001', password: 'demo-e2e-password', name: 'Sadia Islam' },
  merchant: { login: '01700000002', password: 'demo-e2e-password', name: 'Kamal Hossain' },
  customer: { login: '01700000003', password: 'demo-e2e-password', name: 'Fahim Ahmed' },
} as const;
