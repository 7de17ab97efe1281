import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_GENERAL_SETTING, PERMISSION_GROUPS, type Permission } from '@haat/contracts';
import { count } from 'drizzle-orm';
import type { Config } from '../config';
import { systemCtx } from '../context';
import { hashPassword } from '../lib/password';
import { randomToken } from '../lib/tokens';
import { seedDemoAccounts } from '../modules/accounts/accounts.seed';
import { seedDemoBills } from '../modules/bills/bills.seed';
import { seedDemoIncompleteCheckouts } from '../modules/cart/incomplete-checkout.seed';
import { seedDemoOwnCompanies } from '../modules/companies/own-company.seed';
import { seedDemoComplaints } from '../modules/complaints';
import { seedContent } from '../modules/content';
import { seedCouriers } from '../modules/couriers/courier.seed';
import { seedDemoCourierWebhooks } from '../modules/couriers/courier-webhook.seed';
import { seedDemoRemittances } from '../modules/couriers/remittances/remittance.seed';
import { customers } from '../modules/customers/customer.table';
import { seedDemoFabrics } from '../modules/fabrics/fabric.seed';
import { seedDemoLoans } from '../modules/loans/loans.seed';
import { seedLocations } from '../modules/locations';
import { seedDemoMarketing } from '../modules/marketing';
import { merchants } from '../modules/merchants/merchant.table';
import { seedDemoMerchantMoney } from '../modules/merchants/money/money.seed';
import { seedDemoParcels } from '../modules/order-scan/order-scan.seed';
import { seedDemoOrderAssignment } from '../modules/orders/order-assignment.seed';
import { seedDemoOrders } from '../modules/orders/order-demo.seed';
import { seedOrderEntry } from '../modules/orders/order-entry.seed';
import { seedDemoPayments } from '../modules/payments/payment.seed';
import { seedDemoPurchasing } from '../modules/purchasing/purchasing.seed';
import { seedDemoResellerMoney } from '../modules/resellers/money/money.seed';
import { seedDemoResellerPortal } from '../modules/resellers/portal/portal.seed';
import { resellers } from '../modules/resellers/reseller.table';
import { seedDemoResellerShop } from '../modules/resellers/shop/shop.seed';
import { seedDemoResellerSms } from '../modules/resellers/sms/sms.seed';
import { seedDemoRisk } from '../modules/risk/risk.seed';
import { seedDemoCompanySales } from '../modules/sales/company-sale.seed';
import { seedDemoCounterSales } from '../modules/sales/sales.seed';
import { SETTING_GROUPS, writeSetting } from '../modules/settings/setting.service';
import { adminRoles, admins, rolePermissions, roles } from '../modules/staff/admin.table';
import { seedDemoTeam } from '../modules/team/team.seed';
import type { Db } from './client';
import { seedDemoCatalogue } from './demo-catalogue';

export interface Login {
  who: string;
  login: string;
  password: string;
  url: string;
}

export interface SeedResult {
  created: boolean;
  logins: Login[];
}

export const DEMO_PHONES = { reseller: '01700000001', merchant: '01700000002', customer: '01700000003' } as const;

/**
 * On the first start: the first admin (a super admin) and, unless DEMO=0, a small demo shop.
 * Later starts change nothing.
 */
/** True until the first start has made the first admin (and the demo shop). */
export async function needsFirstStart(db: Db): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(admins);
  return (existing?.n ?? 0) === 0;
}

export async function seedFirstStart(db: Db, config: Config): Promise<SeedResult> {
  if (!(await needsFirstStart(db))) return { created: false, logins: [] };

  const email = config.admin.email ?? 'admin@haat.local';
  const password = config.admin.password ?? randomToken(9);
  const logins: Login[] = [{ who: 'Super admin', login: email, password, url: '/admin/login' }];

  await db.transaction(async (tx) => {
    await tx.insert(admins).values({
      name: config.demo ? 'Rahim Uddin' : 'Administrator',
      email,
      passwordHash: await hashPassword(password),
      isSuper: true,
    });
    if (config.demo) logins.push(...(await seedDemoShop(tx, config)));
    // Two more order managers and order assignment on, before the demo orders are placed (decision 057).
    const demoPassword = logins.find((login) => login.login === 'nusrat@haatbazar.com.bd')?.password;
    if (config.demo && demoPassword) {
      const more = await seedDemoOrderAssignment(tx, demoPassword);
      logins.splice(2, 0, ...more.map((login) => ({ ...login, password: demoPassword, url: '/admin/login' })));
    }
    await seedLocations(tx, { demo: config.demo });
    await seedContent(tx, { demo: config.demo });
    await seedCouriers(tx, { demo: config.demo });
    await seedOrderEntry(tx, { demo: config.demo });
  });
  // Balances with opening balances, expense purposes and fund transfers (decision 048): first, so the demo's
  // money events after it (orders delivered, sales, supplier payments) post into balances that hold money.
  if (config.demo) await seedDemoAccounts(db);
  if (config.demo) await seedDemoOwnCompanies(db);
  // Loans taken and given, recurring bills (decision 051).
  if (config.demo) await seedDemoLoans(db);
  if (config.demo) await seedDemoBills(db);
  if (config.demo) await seedDemoResellerMoney(db, DEMO_PHONES.reseller);
  if (config.demo) await seedDemoMerchantMoney(db, DEMO_PHONES.merchant);
  if (config.demo) await seedDemoResellerSms(db, DEMO_PHONES.reseller);
  if (config.demo) await seedDemoResellerPortal(db, DEMO_PHONES.reseller);
  if (config.demo) await seedDemoResellerShop(db, DEMO_PHONES.reseller);
  // Placed and moved like real orders (stock, history, counts), once the shop above is committed.
  if (config.demo) await seedDemoOrders(db);
  // Incomplete checkouts, called back with outcomes, one converted into an order (decision 056).
  if (config.demo) await seedDemoIncompleteCheckouts(db);
  if (config.demo) await seedDemoRisk(db);
  // Couriers' cash-on-delivery remittances over the delivered demo orders (decision 049).
  if (config.demo) await seedDemoRemittances(db);
  // Couriers' status pushes: a webhook history with repeats, a refused one, and statuses awaiting review (decision 058):
  // first, on five shipped orders without a consignment; the parcels' seed gives the others their couriers.
  if (config.demo) await seedDemoCourierWebhooks(db, config);
  // Parcels packed and waiting for couriers, shipped ones out with tracking codes (decision 059).
  if (config.demo) await seedDemoParcels(db);
  // Online payments through the local stand-in: paid by bKash, an advance by Nagad then delivered, one awaiting
  // its payment, a cancelled and a failed attempt, a card payment (decision 062).
  if (config.demo) await seedDemoPayments(db, config);
  // Counter sales paid in cash, by bKash and split, over the last days (decision 036).
  if (config.demo) await seedDemoCounterSales(db);
  // Suppliers, purchases received, partly received and returned, and payments (decision 034).
  if (config.demo) await seedDemoPurchasing(db);
  if (config.demo) await seedDemoCompanySales(db);
  // After the content seed's factories and the suppliers: purchases and issues through the fabric services.
  if (config.demo) await seedDemoFabrics(db);
  // The team's salaries of the last three months and an advance being recovered (decision 050): last, so the
  // balances hold the demo's takings.
  if (config.demo) await seedDemoTeam(db);
  // Complaints and return cases on the demo orders (decision 061).
  if (config.demo) await seedDemoComplaints(db);
  return { created: true, logins };
}

const daysAgo = (days: number, hour = 11) => {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() - days);
  date.setUTCHours(hour, 17, 0, 0);
  // Today's rows must not lie in the future.
  return date.getTime() > Date.now() ? new Date() : date;
};

function permissionsOf(...areas: string[]): Permission[] {
  return PERMISSION_GROUPS.filter((group) => areas.includes(group.area)).flatMap((group) => [...group.permissions]);
}

async function seedDemoShop(db: Db, config: Config): Promise<Login[]> {
  const demoPassword = config.demoPassword ?? randomToken(9);
  const passwordHash = await hashPassword(demoPassword);

  await writeSetting(systemCtx(db), SETTING_GROUPS.general, {
    ...DEFAULT_GENERAL_SETTING,
    site_name: 'Haat Bazar',
    tagline: 'Clothing and gadgets, cash on delivery across Bangladesh',
    contact_phone: '09610-000111',
    contact_email: 'hello@haatbazar.com.bd',
    address: 'House 12, Road 5, Dhanmondi, Dhaka 1205',
  });

  const roleRows = await db
    .insert(roles)
    .values([
      { name: 'Order manager', description: 'Takes phone orders and moves orders through delivery' },
      { name: 'Catalogue manager', description: 'Keeps products, prices and stock up to date' },
      { name: 'Accountant', description: 'Reports and reseller payments' },
    ])
    .returning({ id: roles.id, name: roles.name });
  const roleId = (name: string) => roleRows.find((role) => role.name === name)?.id ?? 0;
  const grants: [string, Permission[]][] = [
    ['Order manager', ['dashboard.view', ...permissionsOf('orders', 'locations'), 'customer.view']],
    ['Catalogue manager', ['dashboard.view', ...permissionsOf('catalog', 'products')]],
    [
      'Accountant',
      [
        'dashboard.view',
        ...permissionsOf('reports'),
        'reseller.payment.view',
        'reseller.payment.pay',
        'merchant.withdrawal.view',
        'merchant.withdrawal.pay',
        'merchant.statement.view',
        'sale.view',
        'report.sale',
      ],
    ],
  ];
  await db
    .insert(rolePermissions)
    .values(grants.flatMap(([name, list]) => list.map((permission) => ({ roleId: roleId(name), permission }))));

  const staff = await db
    .insert(admins)
    .values([
      { name: 'Nusrat Jahan', email: 'nusrat@haatbazar.com.bd', phone: '01811000201', passwordHash, createdAt: daysAgo(40) },
      { name: 'Tanvir Hasan', email: 'tanvir@haatbazar.com.bd', phone: '01911000202', passwordHash, createdAt: daysAgo(35) },
      { name: 'Farzana Akter', email: 'farzana@haatbazar.com.bd', phone: '01611000203', passwordHash, createdAt: daysAgo(20) },
    ])
    .returning({ id: admins.id, email: admins.email });
  const staffId = (prefix: string) => staff.find((row) => row.email.startsWith(prefix))?.id ?? 0;
  await db.insert(adminRoles).values([
    { adminId: staffId('nusrat'), roleId: roleId('Order manager') },
    { adminId: staffId('tanvir'), roleId: roleId('Catalogue manager') },
    { adminId: staffId('farzana'), roleId: roleId('Accountant') },
  ]);

  const [firstReseller] = await db
    .insert(resellers)
    .values({
      name: 'Sadia Islam',
      phone: DEMO_PHONES.reseller,
      email: 'sadia.islam@example.com',
      passwordHash,
      status: 'active',
      shopName: "Sadia's Closet",
      slug: 'sadias-closet',
      referralCode: 'SADIA24',
      createdAt: daysAgo(28),
    })
    .returning({ id: resellers.id });
  const moreResellers = [
    ['Mehedi Hasan', '01711000111', 'Gadget Ghor', 'gadget-ghor', 'MEHEDI7', 'active', 21],
    ['Jannatul Ferdous', '01811000112', 'Jannat Fashion', 'jannat-fashion', 'JANNAT5', 'active', 14],
    ['Arif Chowdhury', '01911000113', 'Arif Online Shop', 'arif-online-shop', 'ARIF9', 'pending', 3],
    ['Rumana Sultana', '01511000114', 'Rumana Boutique', 'rumana-boutique', 'RUMANA2', 'suspended', 9],
  ] as const;
  await db.insert(resellers).values(
    moreResellers.map(([name, phone, shopName, slug, referralCode, status, age]) => ({
      name,
      phone,
      passwordHash,
      status,
      shopName,
      slug,
      referralCode,
      referredBy: firstReseller?.id ?? null,
      createdAt: daysAgo(age),
    })),
  );

  await db.insert(merchants).values([
    {
      name: 'Kamal Hossain',
      phone: DEMO_PHONES.merchant,
      email: 'kamal@deshitextiles.com.bd',
      companyName: 'Deshi Textiles',
      passwordHash,
      createdAt: daysAgo(45),
    },
    { name: 'Shirin Akhter', phone: '01611000222', companyName: 'Dhaka Gadget House', passwordHash, createdAt: daysAgo(25) },
  ]);

  const shopperNames = [
    ['Ayesha Siddiqua', 'ayesha.s@example.com'],
    ['Mahmudul Hasan', null],
    ['Sharmin Nahar', 'sharmin.nahar@example.com'],
    ['Imran Kabir', null],
    ['Tahmina Begum', null],
    ['Shakib Ahmed', 'shakib.ahmed@example.com'],
    ['Nadia Rahman', null],
    ['Habibur Rahman', null],
    ['Moushumi Das', 'moushumi.das@example.com'],
    ['Riyad Hossain', null],
    ['Laboni Akter', null],
  ] as const;
  await db.insert(customers).values([
    { name: 'Fahim Ahmed', phone: DEMO_PHONES.customer, email: 'fahim.ahmed@example.com', passwordHash, createdAt: daysAgo(18) },
    ...shopperNames.map(([name, email], index) => ({
      name,
      email,
      phone: `017${String(22000301 + index * 7919).padStart(8, '0')}`,
      passwordHash,
      createdAt: daysAgo((index * 5) % 29, 8 + index),
    })),
  ]);

  await seedDemoCatalogue(db, config);
  await seedDemoMarketing(db, config);

  return [
    { who: 'Staff (order manager)', login: 'nusrat@haatbazar.com.bd', password: demoPassword, url: '/admin/login' },
    { who: 'Reseller', login: DEMO_PHONES.reseller, password: demoPassword, url: '/dropshipper/login' },
    { who: 'Merchant', login: DEMO_PHONES.merchant, password: demoPassword, url: '/merchant/login' },
    { who: 'Customer', login: DEMO_PHONES.customer, password: demoPassword, url: '/login' },
  ];
}

/** The logins of the first start are kept beside the data, readable by the owner only. */
export function saveLogins(config: Config, logins: Login[]): string {
  const file = path.join(config.dataDir, 'first-start-logins.txt');
  const lines = logins.map((login) => `${login.who}: ${login.login} / ${login.password}  (${login.url})`);
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  return file;
}
