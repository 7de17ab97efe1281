import { sql } from 'drizzle-orm';
import { actingAs, type Ctx, systemCtx } from '../../context';
import { type Db, rowsOf } from '../../db/client';
import { accountIdFor } from '../accounts';
import { recordAudit } from '../audit';
import { assetResource, runDepreciation } from './asset.service';
import { companies } from './company.table';
import { directorResource, payDirector } from './director.service';
import { investmentResource, payInvestor } from './investment.service';

/** A day `n` days before today (shop time, UTC+6), `YYYY-MM-DD`. */
const day = (daysAgo: number) => new Date(Date.now() + 6 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);

/**
 * Our own companies' demo (decision 052), through the services so the books post: Haat Fashion Ltd.
 * and Haat Tailoring Works, two investors' money into the bank, four assets bought over the last year
 * (one already owned) with their depreciation caught up, two directors with a few payments.
 */
export async function seedDemoOwnCompanies(db: Db): Promise<void> {
  const [owner] = rowsOf<{ id: number; name: string }>(await db.execute(sql`select id, name from admins order by id limit 1`));
  const base = systemCtx(db);
  const ctx: Ctx = owner ? actingAs(base, { kind: 'admin', id: Number(owner.id), name: owner.name }) : base;
  const bank = await accountIdFor(db, 'bank');
  const cash = await accountIdFor(db, 'cash');

  const made = await db
    .insert(companies)
    .values([
      {
        kind: 'own',
        name: 'Haat Fashion Ltd.',
        contactPerson: 'Rahim Uddin',
        phone: '01711000111',
        email: 'office@haatfashion.com.bd',
        address: 'House 12, Road 7, Dhanmondi, Dhaka 1205',
      },
      {
        kind: 'own',
        name: 'Haat Tailoring Works',
        contactPerson: 'Salma Begum',
        phone: '01811000222',
        address: 'Plot 44, Mirpur 10, Dhaka 1216',
      },
    ])
    .returning({ id: companies.id, name: companies.name });
  for (const company of made) {
    await recordAudit(ctx, {
      action: 'create',
      entity: 'company',
      entityId: company.id,
      changes: { name: { before: null, after: company.name } },
    });
  }
  const [fashion, tailoring] = made.map((company) => company.id) as [number, number];

  // Investors' money first: it is what the assets were bought with.
  const first = await investmentResource.save(
    ctx,
    {
      company_id: fashion,
      investor_name: 'Kamrul Hasan',
      investor_phone: '01712345001',
      investor_national_id: '1992345678901',
      investor_address: 'Uttara Sector 4, Dhaka',
      amount: 5_00_000_00,
      date: day(340),
      balance_id: bank,
      profit_share: 15,
      note: 'Seed capital for the online shop',
    },
    null,
  );
  await investmentResource.save(
    ctx,
    {
      company_id: fashion,
      investor_name: 'Nusrat Jahan',
      investor_phone: '01912345002',
      investor_national_id: '8723456789',
      investor_address: 'Agrabad, Chattogram',
      amount: 3_00_000_00,
      date: day(200),
      balance_id: bank,
      profit_share: 10,
    },
    null,
  );
  await investmentResource.save(
    ctx,
    {
      company_id: tailoring,
      investor_id: Number(first?.investor_id),
      amount: 1_50_000_00,
      date: day(120),
      balance_id: bank,
      profit_share: 12.5,
      note: 'For the second sewing line',
    },
    null,
  );

  const assets = [
    {
      company_id: fashion,
      name: 'Showroom fit-out, Dhanmondi',
      category: 'shop_fit_out',
      purchase_date: day(330),
      purchase_value: 1_20_000_00,
      salvage_value: 0,
      useful_life_months: 120,
      balance_id: null,
      note: 'Racks, lights and the counter, already in place when the shop moved to Haat',
    },
    {
      company_id: fashion,
      name: 'Office laptops (3 × HP ProBook)',
      category: 'computer',
      purchase_date: day(300),
      purchase_value: 1_50_000_00,
      salvage_value: 30_000_00,
      useful_life_months: 60,
      balance_id: bank,
    },
    {
      company_id: fashion,
      name: 'Delivery motorcycle (Bajaj Platina)',
      category: 'vehicle',
      purchase_date: day(180),
      purchase_value: 1_35_000_00,
      salvage_value: 35_000_00,
      useful_life_months: 48,
      balance_id: bank,
    },
    {
      company_id: tailoring,
      name: 'Juki industrial sewing machines (4)',
      category: 'machinery',
      purchase_date: day(110),
      purchase_value: 1_44_000_00,
      salvage_value: 24_000_00,
      useful_life_months: 60,
      balance_id: bank,
    },
  ];
  for (const asset of assets) await assetResource.save(ctx, asset, null);
  await runDepreciation(ctx);

  const rahim = await directorResource.save(
    ctx,
    {
      company_id: fashion,
      name: 'Rahim Uddin',
      designation: 'Managing Director',
      phone: '01711000111',
      national_id: '1985123456789',
      share_percent: 60,
      status: 1,
    },
    null,
  );
  const salma = await directorResource.save(
    ctx,
    {
      company_id: fashion,
      name: 'Salma Begum',
      designation: 'Director',
      phone: '01811000222',
      national_id: '1988765432109',
      share_percent: 40,
      status: 1,
    },
    null,
  );
  const rahimId = Number(rahim?.id);
  const salmaId = Number(salma?.id);
  await payDirector(ctx, rahimId, { kind: 'capital_in', date: day(50), amount: 50_000_00, balance_id: bank, note: 'Top-up for Eid stock' });
  await payDirector(ctx, rahimId, {
    kind: 'remuneration',
    date: day(35),
    amount: 12_000_00,
    balance_id: bank,
    note: 'October remuneration',
  });
  await payDirector(ctx, rahimId, {
    kind: 'remuneration',
    date: day(5),
    amount: 12_000_00,
    balance_id: bank,
    note: 'November remuneration',
  });
  await payDirector(ctx, salmaId, { kind: 'remuneration', date: day(34), amount: 8_000_00, balance_id: bank });
  await payDirector(ctx, salmaId, { kind: 'drawing', date: day(12), amount: 8_000_00, balance_id: cash, note: 'Personal use' });

  await payInvestor(ctx, Number(first?.investor_id), {
    kind: 'profit',
    date: day(20),
    amount: 18_000_00,
    balance_id: bank,
    note: 'Profit share for the quarter',
  });
}
