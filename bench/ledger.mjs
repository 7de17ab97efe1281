// The ledger (issue 19, decision 048) with 1,000,000 orders' worth of journal entries over 365 days: a year's trial
// balance (the accounts module's `trialBalance`), a year's profit and loss, the monthly report by purpose, and the
// account report and profit report of decision 053 (`accountReport`, `profitReport`, in-process), each
// the median of sequential runs after a warm-up; and what `postEntry` of a 4-line entry adds to a transaction (the
// same transaction with and without the posting, alternating, median of each; on PGlite also the CPU time it adds). PGlite and (with BENCH_DATABASE_URL)
// PostgreSQL, in a database of its own that is dropped after. Budgets: trial balance and profit and loss < 500 ms,
// monthly report < 300 ms, posting adds < 2 ms at the median.
//
// There is no HTTP route for these reports yet, so the bench runs in-process: it imports the API's TypeScript
// (through tsx) and calls `trialBalance` and `postEntry` on the API's own database layer. No function exists yet for
// the profit and loss or the monthly report: the bench times the SQL they would run over `ledger_daily`.
//
// Its own data, made with set-based SQL (triggers off while loading, then `ledger_daily` and the kept balances filled
// from the lines in one statement each): per order one delivery entry of 5 lines (courier receivable / sales revenue,
// delivery income; cost of goods / inventory), 3% of orders returned (a reversing entry, `reversal_of`), and one
// courier remittance per 100 orders (bank, delivery cost, COD charge / courier receivable).
// Usage: node bench/ledger.mjs [--json FILE]. BENCH_LEDGER_DB=pglite|postgres runs one database; BENCH_LEDGER_ORDERS,
// BENCH_LEDGER_RUNS, BENCH_LEDGER_WARMUP, BENCH_LEDGER_POSTINGS override. Not part of npm test.
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import { assertLocalDatabase, createBenchDatabase, makeTempDir, median, percentile, REPO_ROOT, runBenchmark, statusOf } from './lib.mjs';

register();

const ORDERS = Number(process.env.BENCH_LEDGER_ORDERS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_LEDGER_RUNS ?? 15);
const WARMUP = Number(process.env.BENCH_LEDGER_WARMUP ?? 3);
const POSTINGS = Number(process.env.BENCH_LEDGER_POSTINGS ?? 300);
const BATCH = 100_000;
const DAYS = 365;
const RETURN_EVERY = 33;
const REMIT_EVERY = 100;
const round = (value) => Math.round(value * 100) / 100;

const api = (file) => import(pathToFileURL(path.join(REPO_ROOT, 'apps/api/src', file)).href);
const { openDatabase } = await api('db/client.ts');
const { systemCtx } = await api('context.ts');
const { postEntry, trialBalance } = await api('modules/accounts/index.ts');
const { accountReport, profitReport } = await api('modules/accounts/ledger-report.service.ts');
const { sql } = await import(pathToFileURL(path.join(REPO_ROOT, 'node_modules/drizzle-orm/index.js')).href);

const rowsOf = (result) => (Array.isArray(result) ? result : result.rows);

/** Days: day 0 is 364 days ago, day 364 today; order g (1…n) is delivered on day floor((g − 1) × 365 / n). */
function loadStatements(count) {
  const s = [];
  s.push(`create temp table lg_acc as select
    (select id from ledger_accounts where system_key = 'courier_receivable') as cr,
    (select id from ledger_accounts where system_key = 'sales_revenue') as sr,
    (select id from ledger_accounts where system_key = 'delivery_income') as di,
    (select id from ledger_accounts where system_key = 'cost_of_goods') as cg,
    (select id from ledger_accounts where system_key = 'inventory') as inv,
    (select id from ledger_accounts where system_key = 'bank') as bk,
    (select id from ledger_accounts where system_key = 'delivery_cost') as dc,
    (select id from ledger_accounts where system_key = 'cod_charges') as cc,
    current_date - ${DAYS - 1} as first_day, (select coalesce(max(id), 0) from journal_entries) as base`);
  for (let first = 1; first <= count; first += BATCH) {
    const last = Math.min(count, first + BATCH - 1);
    // An order: goods 300–4,299 taka, delivery 60 or 120 taka, cost 60% of the goods.
    s.push(`create temp table lg_batch as
      select g, a.base + g as id, a.first_day + ((g - 1)::bigint * ${DAYS} / ${count})::int as day,
        (30000 + (g::bigint * 7919) % 400000) as goods, case when g % 3 = 0 then 12000 else 6000 end::bigint as fee,
        ((30000 + (g::bigint * 7919) % 400000) * 6 / 10) as cost, g % ${RETURN_EVERY} = 0 as returned
      from generate_series(${first}, ${last}) as g cross join lg_acc a`);
    s.push(`insert into journal_entries (id, date, occurred_at, source, source_type, source_id, memo)
      select id, day, day + time '15:00', 'order.delivered', 'order', g, 'Order ' || g || ' delivered' from lg_batch`);
    // Income and cost lines name the order's channel (decision 053): website, reseller and phone in turn.
    s.push(`insert into journal_lines (entry_id, account_id, day, debit, credit, channel)
      select b.id, v.account, b.day, v.debit, v.credit, case when v.channelled then (array['website', 'reseller', 'phone'])[1 + b.g % 3] end
      from lg_batch b cross join lg_acc a
      cross join lateral (values (a.cr, b.goods + b.fee, 0::bigint, false), (a.sr, 0, b.goods, true), (a.di, 0, b.fee, true),
        (a.cg, b.cost, 0, true), (a.inv, 0, b.cost, false)) as v(account, debit, credit, channelled)`);
    // Returns: the delivery entry reversed three days later (today at the latest).
    s.push(`insert into journal_entries (id, date, occurred_at, source, source_type, source_id, memo, reversal_of)
      select b.id + ${count}, least(b.day + 3, current_date), least(b.day + 3, current_date) + time '11:00', 'reversal', 'order', b.g,
        'Reversal of entry ' || b.id || ': returned', b.id from lg_batch b where b.returned`);
    s.push(`insert into journal_lines (entry_id, account_id, day, debit, credit, channel)
      select b.id + ${count}, v.account, least(b.day + 3, current_date), v.debit, v.credit,
        case when v.channelled then (array['website', 'reseller', 'phone'])[1 + b.g % 3] end
      from lg_batch b cross join lg_acc a
      cross join lateral (values (a.cr, 0::bigint, b.goods + b.fee, false), (a.sr, b.goods, 0, true), (a.di, b.fee, 0, true),
        (a.cg, 0, b.cost, true), (a.inv, b.cost, 0, false)) as v(account, debit, credit, channelled)
      where b.returned`);
    // Remittances: the courier pays the orders of each 100 that were not returned, two days after the last, less
    // 60 taka delivery cost per order and a 1% COD charge.
    s.push(`create temp table lg_remit as
      select (g - 1) / ${REMIT_EVERY} as r, least(max(day) + 2, current_date) as day,
        sum(goods + fee) filter (where not returned) as gross, (count(*) filter (where not returned) * 6000)::bigint as cost
      from lg_batch group by 1`);
    s.push(`insert into journal_entries (id, date, occurred_at, source, source_type, source_id, memo)
      select a.base + ${2 * count} + r + 1, day, day + time '18:00', 'courier.remittance', 'remittance', r + 1,
        'Courier remittance ' || (r + 1) from lg_remit cross join lg_acc a`);
    s.push(`insert into journal_lines (entry_id, account_id, day, debit, credit)
      select a.base + ${2 * count} + m.r + 1, v.account, m.day, v.debit, v.credit from lg_remit m cross join lg_acc a
      cross join lateral (values (a.bk, m.gross - m.cost - m.gross / 100, 0::bigint), (a.dc, m.cost, 0), (a.cc, m.gross / 100, 0),
        (a.cr, 0, m.gross)) as v(account, debit, credit)`);
    s.push('drop table lg_remit');
    s.push('drop table lg_batch');
  }
  s.push('drop table lg_acc');
  s.push(`select setval(pg_get_serial_sequence('journal_entries', 'id'), (select max(id) from journal_entries))`);
  s.push(`select setval(pg_get_serial_sequence('journal_lines', 'id'), (select max(id) from journal_lines))`);
  return s;
}

async function load(query, count) {
  const started = performance.now();
  await query('set session_replication_role = replica');
  const indexes = await query(`select indexname, indexdef from pg_indexes
    where schemaname = 'public' and tablename in ('journal_entries', 'journal_lines') and indexname not like '%_pkey'`);
  for (const index of indexes) await query(`drop index "${index.indexname}"`);
  for (const statement of loadStatements(count)) await query(statement);
  for (const index of indexes) await query(index.indexdef);
  await query('set session_replication_role = origin');
  // Loaded with the triggers off: the daily totals and the kept balances from the lines, one statement each.
  await query('delete from ledger_daily');
  await query(`insert into ledger_daily (account_id, day, debit, credit)
    select account_id, day, sum(debit), sum(credit) from journal_lines group by 1, 2`);
  await query('delete from ledger_channel_daily');
  await query(`insert into ledger_channel_daily (account_id, day, channel, debit, credit)
    select account_id, day, channel, sum(debit), sum(credit) from journal_lines where channel is not null group by 1, 2, 3`);
  await query(`update ledger_accounts a set balance = l.net
    from (select account_id, sum(debit - credit) as net from journal_lines group by 1) l
    where a.id = l.account_id and a.role = 'balance'`);
  await query('vacuum analyze');
  const [counts] = await query(`select (select count(*) from journal_entries)::int as entries,
    (select count(*) from journal_lines)::int as lines, (select count(*) from ledger_daily)::int as daily_rows,
    (select sum(debit - credit) from ledger_daily)::bigint as trial_balance_net`);
  return { seconds: Math.round((performance.now() - started) / 100) / 10, counts };
}

const yearRange = (day) => {
  const to = new Date(`${day}T00:00:00Z`);
  const from = new Date(to.getTime() - (DAYS - 1) * 86_400_000);
  return { from: from.toISOString().slice(0, 10), to: day };
};

/** The profit and loss of a range: each income and expense account's earned or spent, from the daily totals. */
const profitAndLoss = (range) => sql`
  select a.id, a.code, a.name, a.type, sum(d.credit - d.debit) as amount
  from ledger_daily d join ledger_accounts a on a.id = d.account_id
  where a.type in ('income', 'expense') and d.day between ${range.from}::date and ${range.to}::date
  group by a.id order by a.code`;

/** The monthly report by purpose: every income and expense account's debits and credits per month of the range. */
const monthlyByPurpose = (range) => sql`
  select date_trunc('month', d.day)::date::text as month, a.id, a.code, a.name, a.type,
    sum(d.debit) as debit, sum(d.credit) as credit
  from ledger_daily d join ledger_accounts a on a.id = d.account_id
  where a.type in ('income', 'expense') and d.day between ${range.from}::date and ${range.to}::date
  group by 1, a.id order by 1, a.code`;

async function timeRuns(work) {
  for (let index = 0; index < WARMUP; index++) await work();
  const times = [];
  let last;
  for (let index = 0; index < RUNS; index++) {
    const started = performance.now();
    last = await work();
    times.push(performance.now() - started);
  }
  return { median: round(median(times)), p95: round(percentile(times, 95)), last };
}

async function measure(kind, url) {
  const dataDir = kind === 'pglite' ? makeTempDir('ledger') : undefined;
  const database = await openDatabase(url ? { url, poolSize: 2 } : { dataDir: path.join(dataDir, 'db') });
  const rows = [];
  try {
    await database.migrate();
    const { db } = database;
    const loaded = await load(async (text) => rowsOf(await db.execute(sql.raw(text))), ORDERS);
    console.log(`${kind}: ${JSON.stringify(loaded.counts)} (loaded in ${loaded.seconds} s, load average ${os.loadavg()[0].toFixed(1)})`);
    if (Number(loaded.counts.trial_balance_net) !== 0)
      throw new Error(`the loaded books do not balance: ${loaded.counts.trial_balance_net}`);

    const [today] = rowsOf(await db.execute(sql`select current_date::text as day`));
    const range = yearRange(today.day);
    const load1 = () => os.loadavg()[0].toFixed(1);

    const tb = await timeRuns(() => trialBalance(db, range));
    if (tb.last.closing !== 0 || tb.last.debit !== tb.last.credit) throw new Error('the trial balance does not close at zero');
    const pl = await timeRuns(async () => rowsOf(await db.execute(profitAndLoss(range))));
    const monthly = await timeRuns(async () => rowsOf(await db.execute(monthlyByPurpose(range))));
    // The report routes' own functions (decision 053): all four statements at once, and profit by month and channel.
    const reportCtx = systemCtx(db);
    const statements = await timeRuns(() => accountReport(reportCtx, range));
    if (!statements.last.balance_sheet.balanced) throw new Error('the balance sheet does not balance');
    const profit = await timeRuns(() => profitReport(reportCtx, range));
    if (profit.last.totals.profit !== statements.last.profit_loss.profit) throw new Error('the profit report and the P&L differ');
    const reads = [
      { name: `a year's trial balance (trialBalance in-process, ${tb.last.rows.length} accounts)`, result: tb, budget: 500 },
      {
        name: `a year's profit and loss (its SQL over ledger_daily, ${pl.last.length} accounts; no function yet)`,
        result: pl,
        budget: 500,
      },
      {
        name: `monthly report by purpose (its SQL over ledger_daily, ${monthly.last.length} month × account rows)`,
        result: monthly,
        budget: 300,
      },
      {
        name: `a year's account report (accountReport: trial balance, P&L, balance sheet, cash flow of ${statements.last.cash_flow.rows.length} sources)`,
        result: statements,
        budget: 500,
      },
      {
        name: `a year's profit report (profitReport: 12 months and ${profit.last.channels.length} channels)`,
        result: profit,
        budget: 500,
      },
    ];
    for (const { name, result, budget } of reads) {
      console.log(`${kind} ${name}: median ${result.median} ms, p95 ${result.p95} ms (load average ${load1()})`);
      rows.push({
        metric: `${kind}: ${name}`,
        budget: `< ${budget} ms`,
        measured: `${result.median} ms median, p95 ${result.p95} ms (load average ${load1()})`,
        pass: result.median < budget,
      });
    }

    // Posting: the same transaction (one update, as an order's move writes its row) with and without postEntry of a
    // 4-line entry, alternating so that both see the same machine; the commit (and its deferred balanced check) counts.
    const ctx = systemCtx(db);
    const [other] = rowsOf(await db.execute(sql`select id from ledger_accounts where system_key = 'other_income'`));
    const touch = (tx) => tx.execute(sql`update ledger_accounts set note = note where id = ${other.id}`);
    let n = 0;
    const without = () => db.transaction(async (tx) => touch(tx));
    const withPosting = () =>
      db.transaction(async (tx) => {
        await touch(tx);
        n += 1;
        await postEntry(
          { ...ctx, db: tx, now: new Date() },
          {
            source: 'order.delivered',
            sourceType: 'order',
            sourceId: ORDERS + n,
            memo: `Bench order ${n} delivered`,
            lines: [
              { account: 'courier_receivable', debit: 429_000 },
              { account: 'cost_of_goods', debit: 240_000 },
              { account: 'sales_revenue', credit: 429_000 },
              { account: 'inventory', credit: 240_000 },
            ],
          },
        );
      });
    // Wall time, and (PGlite runs in this process) the process's CPU time: the figure a busy machine does not inflate.
    const cpu = { bare: [], posted: [] };
    const timeOne = async (work, into) => {
      const used = process.cpuUsage();
      const started = performance.now();
      await work();
      const elapsed = performance.now() - started;
      const spent = process.cpuUsage(used);
      into?.push((spent.user + spent.system) / 1000);
      return elapsed;
    };
    for (let index = 0; index < Math.max(10, WARMUP * 5); index++) {
      await without();
      await withPosting();
    }
    const bare = [];
    const posted = [];
    for (let index = 0; index < POSTINGS; index++) {
      if (index % 2) {
        bare.push(await timeOne(without, cpu.bare));
        posted.push(await timeOne(withPosting, cpu.posted));
      } else {
        posted.push(await timeOne(withPosting, cpu.posted));
        bare.push(await timeOne(without, cpu.bare));
      }
    }
    const added = round(median(posted) - median(bare));
    const cpuAdded = round(median(cpu.posted) - median(cpu.bare));
    const cpuShown =
      kind === 'pglite' ? `; CPU time adds ${cpuAdded} ms (${round(median(cpu.posted))} with, ${round(median(cpu.bare))} without)` : '';
    const shown = `${added} ms (transaction ${round(median(posted))} ms with, ${round(median(bare))} ms without; ${POSTINGS} each, load average ${load1()}${cpuShown})`;
    console.log(`${kind} postEntry of a 4-line entry adds ${shown}`);
    rows.push({
      metric: `${kind}: postEntry of a 4-line entry in a transaction (median with − median without)`,
      budget: '< 2 ms',
      measured: shown,
      pass: added < 2,
    });
    const [after] = rowsOf(await db.execute(sql`select sum(debit - credit)::bigint as net from ledger_daily`));
    if (Number(after.net) !== 0) throw new Error(`the books do not balance after the postings: ${after.net}`);
    return { rows, counts: loaded.counts, loadSeconds: loaded.seconds };
  } finally {
    await database.close();
  }
}

async function main() {
  const only = process.env.BENCH_LEDGER_DB;
  const rows = [];
  const details = { orders: ORDERS, loadAverage: os.loadavg() };
  if (!only || only === 'pglite') {
    const result = await measure('pglite');
    rows.push(...result.rows);
    details.pglite = { ...result.counts, loadSeconds: result.loadSeconds };
  }
  const baseUrl = process.env.BENCH_DATABASE_URL;
  if (baseUrl && (!only || only === 'postgres')) {
    assertLocalDatabase(baseUrl);
    const database = await createBenchDatabase(baseUrl);
    try {
      const result = await measure('postgres', database.url);
      rows.push(...result.rows);
      details.postgres = { ...result.counts, loadSeconds: result.loadSeconds };
    } finally {
      await database.drop();
    }
  }
  return { status: statusOf(rows), rows, details };
}

await runBenchmark('ledger', main, { timeLimitMs: 60 * 60_000 });
