import type { AddressInfo } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpProvider } from '../../integrations/email/smtp';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { staffWith } from '../../test/staff';
import { contactReplies } from '../content/contact-message.table';
import { emailLog } from './email-log.table';

/** A mail the local server took: who from and to, and the raw message (headers and body). */
interface Received {
  from: string;
  to: string[];
  raw: string;
  user: string | undefined;
}

const USER = { name: 'shop@test.haat', password: 'smtp-password-123' };

/**
 * A local mail server (smtp-server) that takes mail only after AUTH with USER, refuses the
 * recipient bounce@example.com with a 550, and keeps what it received.
 */
function startMailServer(): Promise<{ port: number; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER.name && auth.password === USER.password) return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (address.address === 'bounce@example.com') {
        const error = new Error('No such mailbox here') as Error & { responseCode: number };
        error.responseCode = 550;
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => (raw += chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          user: session.user as string | undefined,
        });
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.server.address() as AddressInfo;
      resolve({ port, received, close: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });
}

let t: TestApp;
let owner: TestBrowser;
let mail: Awaited<ReturnType<typeof startMailServer>>;
beforeAll(async () => {
  [t, mail] = await Promise.all([createTestApp(), startMailServer()]);
  owner = await t.browser();
  await owner.loginAdmin();
});
afterAll(async () => {
  await mail.close();
  await t.close();
});

async function lastLog() {
  const [row] = await t.database.db.select().from(emailLog).orderBy(desc(emailLog.id)).limit(1);
  return row;
}

const configure = (values: Record<string, unknown>) => owner.put('/api/admin/settings/email', values);

describe('E-mail (SMTP) settings', () => {
  it('are a settings group with the password sealed and masked', async () => {
    const empty = await owner.get('/api/admin/settings/email');
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toEqual({
      enabled: false,
      host: '',
      port: 587,
      secure: false,
      username: '',
      password: '',
      from_address: '',
      from_name: '',
    });
    const bad = await configure({ enabled: true, host: 'not a host', port: 70000, from_address: 'nope' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['from_address', 'host', 'port']);
    const noPassword = await configure({ username: 'someone' });
    expect(noPassword.json().errors.password).toEqual(['Enter the password for this username']);
  });
});

describe('Send test e-mail', () => {
  it('writes to the e-mail log when no mail server is set up', async () => {
    const response = await owner.post('/api/admin/settings/email/test', { email: 'Owner@Example.com' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ result: { status: 'logged' } });
    expect(response.json().message).toContain('e-mail log');
    expect(await lastLog()).toMatchObject({
      recipient: 'owner@example.com',
      subject: 'Test e-mail from Haat',
      status: 'logged',
      purpose: 'test',
      server: null,
    });
    expect(mail.received).toHaveLength(0);
  });

  it('refuses an address that is not one', async () => {
    const response = await owner.post('/api/admin/settings/email/test', { email: 'owner at example' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty('email');
  });

  it('sends through the configured server, signed in, with the subject and body', async () => {
    const saved = await configure({
      enabled: true,
      host: '127.0.0.1',
      port: mail.port,
      secure: false,
      username: USER.name,
      password: USER.password,
      from_address: 'shop@test.haat',
      from_name: 'Haat Bazar',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.password).toBe('••••-123');
    expect((await owner.get('/api/admin/settings/email')).body).not.toContain(USER.password);

    const response = await owner.post('/api/admin/settings/email/test', { email: 'owner@example.com' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Test e-mail sent to owner@example.com.', result: { status: 'sent' } });
    const got = mail.received.at(-1);
    expect(got).toMatchObject({ from: 'shop@test.haat', to: ['owner@example.com'], user: USER.name });
    expect(got?.raw).toContain('Subject: Test e-mail from Haat');
    expect(got?.raw).toMatch(/From: Haat Bazar <shop@test\.haat>/);
    expect(got?.raw).toContain('your mail server settings work.');
    expect(await lastLog()).toMatchObject({ status: 'sent', server: `127.0.0.1:${mail.port}`, messageId: expect.stringContaining('@') });
  });

  it('records and reports a refusal: a wrong password, an unknown mailbox, a server that is not there', async () => {
    await configure({ password: 'wrong-password-1' });
    const refused = await owner.post('/api/admin/settings/email/test', { email: 'owner@example.com' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toMatch(/^The mail server did not send it: /);
    expect(refused.json().result).toMatchObject({ status: 'failed', code: '535' });
    expect(await lastLog()).toMatchObject({ status: 'failed', error: expect.stringContaining('535') });

    await configure({ password: USER.password });
    const bounced = await owner.post('/api/admin/settings/email/test', { email: 'bounce@example.com' });
    expect(bounced.statusCode).toBe(502);
    expect(bounced.json().result).toMatchObject({ status: 'failed', code: '550' });

    const provider = smtpProvider({ host: '127.0.0.1', port: 9, secure: false, fromAddress: 'shop@test.haat', timeoutMs: 2000 });
    expect(await provider.send({ to: 'a@example.com', subject: 'Hi', text: 'Hello' })).toMatchObject({ ok: false, code: 'unreachable' });
  });

  it('goes back to the log when sending is switched off', async () => {
    const count = mail.received.length;
    await configure({ enabled: false });
    const response = await owner.post('/api/admin/settings/email/test', { email: 'owner@example.com' });
    expect(response.json().result.status).toBe('logged');
    expect(mail.received).toHaveLength(count);
  });
});

describe('the e-mail log', () => {
  it('lists the newest first for staff who may see settings, with each e-mail readable', async () => {
    const page = await owner.get('/api/admin/email-log?per_page=2');
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body).toMatchObject({ current_page: 1, per_page: 2, total: 5 });
    expect(body.data[0]).toMatchObject({ recipient: 'owner@example.com', status: 'logged', purpose: 'test' });
    expect(body.data[0].id).toBeGreaterThan(body.data[1].id);
    const one = await owner.get(`/api/admin/email-log/${body.data[0].id}`);
    expect(one.json().data.body).toContain('your mail server settings work.');
    expect((await owner.get('/api/admin/email-log/999999')).statusCode).toBe(404);

    const clerk = await staffWith(t, ['order.view']);
    expect((await clerk.get('/api/admin/email-log')).statusCode).toBe(403);
    expect((await clerk.post('/api/admin/settings/email/test', { email: 'a@example.com' })).statusCode).toBe(403);
  });
});

describe('contact message replies by e-mail', () => {
  async function contactMessage(email: string) {
    const visitor = await t.browser();
    const sent = await visitor.post('/_public/contact', {
      name: 'Laboni Akter',
      email,
      message: 'My parcel has not arrived yet, order HB-10212.',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [message] = (await owner.get(`/api/admin/contact-messages?q=${encodeURIComponent(email)}`)).json().data;
    return message.id as number;
  }

  it('go out through the mail server, the delivery kept with the reply', async () => {
    await configure({ enabled: true });
    const id = await contactMessage('laboni@example.com');
    const replied = await owner.post(`/api/admin/contact-messages/${id}/reply`, {
      channel: 'email',
      message: 'We have asked the courier.',
    });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json()).toMatchObject({ delivery: 'sent', data: { status: 'replied' } });
    expect(replied.json().data.replies).toMatchObject([{ channel: 'email', delivery: 'sent', recipient: 'laboni@example.com' }]);
    const got = mail.received.at(-1);
    expect(got?.to).toEqual(['laboni@example.com']);
    expect(got?.raw).toContain('Subject: Re: your message to Haat');
    expect(got?.raw).toContain('We have asked the courier.');
    expect(await lastLog()).toMatchObject({ status: 'sent', purpose: 'contact_message', recipient: 'laboni@example.com' });
  });

  it('record a refused e-mail as failed and leave the message unanswered', async () => {
    const id = await contactMessage('bounce@example.com');
    const replied = await owner.post(`/api/admin/contact-messages/${id}/reply`, {
      channel: 'email',
      message: 'Your parcel is on its way.',
    });
    expect(replied.statusCode).toBe(502);
    expect(replied.json().message).toMatch(/^The mail server did not send it: .*550/);
    const replies = await t.database.db.select().from(contactReplies).where(eq(contactReplies.messageId, id));
    expect(replies).toHaveLength(1);
    const view = (await owner.get(`/api/admin/contact-messages/${id}`)).json().data;
    expect(view.status).not.toBe('replied');
    expect(view.replies).toMatchObject([{ channel: 'email', delivery: 'failed' }]);
  });
});
