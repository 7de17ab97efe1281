import { fromPaisa, PROFIT_GROUP_LABELS, SALE_CHANNEL_LABELS, type SaleChannel } from '@haat/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { requireAdmin } from '../../http/auth';
import { toCsv } from '../../http/csv';
import { requestCtx } from '../../http/request-context';
import { accountReport, ledgerLines, profitReport } from './ledger-report.service';

function sendCsv(reply: FastifyReply, name: string, rows: Record<string, unknown>[]) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`)
    .send(toCsv(rows));
}

const SECTIONS = ['trial_balance', 'profit_loss', 'balance_sheet', 'cash_flow'] as const;
const sectionQuery = z.object({
  section: z.enum(SECTIONS, { error: `Choose one of: ${SECTIONS.join(', ')}` }).default('profit_loss'),
});
const GROUP_WORDS: Record<string, string> = { ...PROFIT_GROUP_LABELS, assets: 'Assets', liabilities: 'Liabilities', equity: 'Equity' };
const CHANNEL_WORDS: Record<SaleChannel | 'shop_wide', string> = { ...SALE_CHANNEL_LABELS, shop_wide: 'Shop-wide' };

/** `/admin/account/report`, its drill-down and `/admin/profit/report` (decision 053), each with its CSV. */
export async function ledgerReportRoutes(app: FastifyInstance) {
  const view = { preHandler: requireAdmin('accounts.report.view') };

  app.get('/api/admin/account-report', view, (request) => accountReport(requestCtx(request), request.query));
  app.get('/api/admin/account-report/export.csv', view, async (request, reply) => {
    const { section } = sectionQuery.parse(request.query ?? {});
    const report = await accountReport(requestCtx(request), request.query);
    let rows: Record<string, unknown>[];
    if (section === 'trial_balance') {
      rows = report.trial_balance.rows.map((row) => ({
        Code: row.code,
        Account: row.name,
        Kind: row.type,
        'Before the range': fromPaisa(row.opening),
        Increase: fromPaisa(row.increase),
        Decrease: fromPaisa(row.decrease),
        Debit: fromPaisa(row.debit),
        Credit: fromPaisa(row.credit),
        'At the end': fromPaisa(row.closing),
      }));
    } else if (section === 'profit_loss') {
      rows = report.profit_loss.groups.flatMap((group) => [
        ...group.rows.map((row) => ({ Group: GROUP_WORDS[group.group], Account: row.name, Amount: fromPaisa(row.amount) })),
        { Group: GROUP_WORDS[group.group], Account: 'Total', Amount: fromPaisa(group.total) },
      ]);
      rows.push({ Group: 'Profit', Account: '', Amount: fromPaisa(report.profit_loss.profit) });
    } else if (section === 'balance_sheet') {
      rows = report.balance_sheet.groups.flatMap((group) => [
        ...group.rows.map((row) => ({ Group: GROUP_WORDS[group.group], Account: row.name, Amount: fromPaisa(row.amount) })),
        ...(group.group === 'equity'
          ? [{ Group: GROUP_WORDS.equity, Account: 'Profit not yet taken out', Amount: fromPaisa(report.balance_sheet.retained_profit) }]
          : []),
        { Group: GROUP_WORDS[group.group], Account: 'Total', Amount: fromPaisa(group.total) },
      ]);
    } else {
      rows = [
        { Source: 'Held at the start', 'Money in': '', 'Money out': '', Net: fromPaisa(report.cash_flow.opening) },
        ...report.cash_flow.rows.map((row) => ({
          Source: row.source,
          'Money in': fromPaisa(row.money_in),
          'Money out': fromPaisa(row.money_out),
          Net: fromPaisa(row.net),
        })),
        { Source: 'Held at the end', 'Money in': '', 'Money out': '', Net: fromPaisa(report.cash_flow.closing) },
      ];
    }
    return sendCsv(reply, `account-report-${section.replace('_', '-')}`, rows);
  });

  app.get('/api/admin/account-report/lines', view, (request) => ledgerLines(requestCtx(request), request.query));
  app.get('/api/admin/account-report/lines/export.csv', view, async (request, reply) => {
    const query = { ...(request.query as Record<string, unknown>), page: 1, per_page: 100 };
    const ctx = requestCtx(request);
    const rows: Record<string, unknown>[] = [];
    for (let page = 1; page <= 1000; page += 1) {
      const answer = await ledgerLines(ctx, { ...query, page });
      for (const line of answer.data) {
        rows.push({
          Date: line.date,
          Account: line.account_name,
          Memo: line.memo,
          Source: line.source,
          Channel: line.channel ? CHANNEL_WORDS[line.channel] : '',
          Increase: fromPaisa(line.increase),
          Decrease: fromPaisa(line.decrease),
          Balance: fromPaisa(line.balance),
        });
      }
      if (page >= answer.last_page) break;
    }
    return sendCsv(reply, 'ledger-lines', rows);
  });

  app.get('/api/admin/profit-report', view, (request) => profitReport(requestCtx(request), request.query));
  app.get('/api/admin/profit-report/export.csv', view, async (request, reply) => {
    const report = await profitReport(requestCtx(request), request.query);
    const line = (label: string, figures: (typeof report)['totals']) => ({
      Period: label,
      Revenue: fromPaisa(figures.revenue),
      'Cost of goods': fromPaisa(figures.cost_of_goods),
      'Delivery costs': fromPaisa(figures.delivery),
      Expenses: fromPaisa(figures.expenses),
      Profit: fromPaisa(figures.profit),
    });
    const rows = [
      ...report.months.map((month) => line(month.month, month)),
      line('Total', report.totals),
      ...report.channels.map((channel) => line(CHANNEL_WORDS[channel.channel], channel)),
    ];
    return sendCsv(reply, 'profit-report', rows);
  });
}
