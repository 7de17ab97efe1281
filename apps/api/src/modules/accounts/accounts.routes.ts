import { fromPaisa } from '@haat/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { requireAdmin } from '../../http/auth';
import { toCsv } from '../../http/csv';
import { requestCtx } from '../../http/request-context';
import { accountPurposeResource, balanceAccountResource } from './account.resources';
import { fundTransferResource, makeFundTransfer } from './fund-transfer.service';
import { ledgerReportRoutes } from './ledger-report.routes';
import { creditDue, creditResource, debitResource, monthlyReport } from './money-movement.service';

function sendCsv(reply: FastifyReply, name: string, rows: Record<string, unknown>[]) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`)
    .send(toCsv(rows));
}

/** Balances, account purposes, fund transfers, money in and out, what is due and the monthly report (decision 048). */
export async function accountsRoutes(app: FastifyInstance) {
  balanceAccountResource.register(app);
  accountPurposeResource.register(app);
  fundTransferResource.register(app);
  creditResource.register(app);
  debitResource.register(app);
  await ledgerReportRoutes(app);

  app.post('/api/admin/fund-transfers', { preHandler: requireAdmin('fund.transfer.create') }, async (request, reply) => {
    const data = await makeFundTransfer(requestCtx(request), request.body);
    return reply.status(201).send({ data, message: 'The money was transferred.' });
  });

  app.get('/api/admin/credit-due', { preHandler: requireAdmin('credit.view') }, (request) => creditDue(requestCtx(request)));
  app.get('/api/admin/credit-due/export.csv', { preHandler: requireAdmin('credit.view') }, async (request, reply) => {
    const due = await creditDue(requestCtx(request));
    const rows = [
      ...due.data.map((row) => ({ Code: row.code, Account: row.name, Due: fromPaisa(row.due), 'Last movement': row.last_movement ?? '' })),
      { Code: '', Account: 'Total', Due: fromPaisa(due.total), 'Last movement': '' },
    ];
    return sendCsv(reply, 'credit-due', rows);
  });

  app.get('/api/admin/accounts/monthly-report', { preHandler: requireAdmin('accounts.report.view') }, (request) =>
    monthlyReport(requestCtx(request), request.query),
  );
  app.get('/api/admin/accounts/monthly-report/export.csv', { preHandler: requireAdmin('accounts.report.view') }, async (request, reply) => {
    const report = await monthlyReport(requestCtx(request), request.query);
    const line = (label: string, type: string, values: number[], total: number) => ({
      Purpose: label,
      Kind: type,
      ...Object.fromEntries(report.months.map((month, index) => [month, fromPaisa(values[index] ?? 0)])),
      Total: fromPaisa(total),
    });
    const rows = [
      ...report.data.map((row) => line(row.name, row.type === 'income' ? 'Income' : 'Expense', row.months, row.total)),
      line('Total income', 'Income', report.income, report.totals.income),
      line('Total expense', 'Expense', report.expense, report.totals.expense),
      line('Net', '', report.net, report.totals.net),
    ];
    return sendCsv(reply, 'monthly-report', rows);
  });
}
