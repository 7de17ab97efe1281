import { smsTestInput } from '@haat/contracts';
import type { FastifyInstance } from 'fastify';
import { adminIdOf } from '../../context';
import { requireAdmin } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { requestCtx } from '../../http/request-context';
import { readSetting, SETTING_GROUPS, secretsIn } from '../settings';
import { sendSms } from './sms.service';
import { smsGatewayAccount, topUpSmsGateway } from './sms-gateway.service';

export async function smsRoutes(app: FastifyInstance) {
  /** The SMS API screen's "Send test SMS": one message through the saved gateway, or to the SMS log. */
  app.post('/api/admin/settings/sms/test', { preHandler: requireAdmin('sms.api.manage') }, async (request) => {
    const { phone } = smsTestInput.parse(request.body);
    const ctx = requestCtx(request);
    const general = await readSetting(ctx.db, SETTING_GROUPS.general);
    const outcome = await sendSms(secretsIn(ctx, request.server.config), {
      to: [phone],
      message: `Test message from ${general.site_name}: your SMS gateway works.`,
      purpose: 'test',
      adminId: adminIdOf(ctx),
    });
    if (outcome.status === 'failed') {
      throw new HttpError(502, `The SMS gateway did not send it: ${outcome.reason} (code ${outcome.code}).`, undefined, {
        result: outcome,
      });
    }
    const message =
      outcome.status === 'sent'
        ? `Test SMS sent to ${phone}.`
        : 'No SMS gateway is set up (or it is switched off), so the message was written to the SMS log instead.';
    return { message, result: outcome };
  });

  /** The prepaid SMS balance as the books have it, this month's SMS cost and the latest top-ups (decision 054). */
  app.get('/api/admin/sms/gateway-account', { preHandler: requireAdmin('sms.api.manage') }, async (request) => ({
    data: await smsGatewayAccount(requestCtx(request)),
  }));

  /** Money paid to the SMS gateway out of a balance. */
  app.post('/api/admin/sms/top-ups', { preHandler: requireAdmin('sms.gateway.pay') }, async (request, reply) => {
    const data = await topUpSmsGateway(requestCtx(request), request.body);
    return reply.code(201).send({ message: 'The SMS gateway top-up was recorded.', data });
  });
}
