import { emailTestInput } from '@haat/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminIdOf } from '../../context';
import { requireAdmin } from '../../http/auth';
import { HttpError, notFound } from '../../http/errors';
import { pageUrl, paginate } from '../../http/pagination';
import { requestCtx } from '../../http/request-context';
import { readSetting, SETTING_GROUPS, secretsIn } from '../settings';
import { emailLogPage, sendEmail } from './email.service';
import { emailLog } from './email-log.table';

const logQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

export async function emailRoutes(app: FastifyInstance) {
  /** The E-mail (SMTP) screen's "Send test e-mail": one e-mail through the saved server, or to the e-mail log. */
  app.post('/api/admin/settings/email/test', { preHandler: requireAdmin('setting.update') }, async (request) => {
    const { email } = emailTestInput.parse(request.body);
    const ctx = requestCtx(request);
    const general = await readSetting(ctx.db, SETTING_GROUPS.general);
    const outcome = await sendEmail(secretsIn(ctx, request.server.config), {
      to: email,
      subject: `Test e-mail from ${general.site_name}`,
      text: `This is a test e-mail from ${general.site_name}: your mail server settings work.`,
      purpose: 'test',
      adminId: adminIdOf(ctx),
    });
    if (outcome.status === 'failed') {
      throw new HttpError(502, `The mail server did not send it: ${outcome.reason} (${outcome.code}).`, undefined, { result: outcome });
    }
    const message =
      outcome.status === 'sent'
        ? `Test e-mail sent to ${email}.`
        : 'No mail server is set up (or it is switched off), so the e-mail was written to the e-mail log instead.';
    return { message, result: outcome };
  });

  /** The e-mail log, newest first: what was sent, failed, or only logged for want of a mail server. */
  app.get('/api/admin/email-log', { preHandler: requireAdmin('setting.view') }, async (request) => {
    const query = logQuery.parse(request.query);
    const { rows, total } = await emailLogPage(requestCtx(request), query.page, query.per_page);
    return paginate(rows, total, { page: query.page, perPage: query.per_page }, (page) =>
      pageUrl('/api/admin/email-log', request.query as Record<string, unknown>, page),
    ).plain;
  });

  /** One e-mail of the log with its text. */
  app.get<{ Params: { id: string } }>('/api/admin/email-log/:id', { preHandler: requireAdmin('setting.view') }, async (request) => {
    const id = Number(request.params.id);
    if (!Number.isSafeInteger(id) || id <= 0) throw notFound('The e-mail');
    const [row] = await request.server.db.select().from(emailLog).where(eq(emailLog.id, id));
    if (!row) throw notFound('The e-mail');
    return {
      data: {
        id: row.id,
        recipient: row.recipient,
        subject: row.subject,
        body: row.body,
        purpose: row.purpose,
        status: row.status,
        server: row.server,
        message_id: row.messageId,
        error: row.error,
        created_at: row.createdAt.toISOString(),
      },
    };
  });
}
