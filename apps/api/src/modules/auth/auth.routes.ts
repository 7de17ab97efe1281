import { type AdminView, adminLoginSchema, loginSchema, type PersonView, SESSION_STATUS } from '@haat/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { currentSession, signIn, signOut } from '../../http/auth';
import type { AccountProvider } from './account';

/** Who may sign in, each kind from its own module; the app factory passes them (auth depends on none). */
export interface AuthAccounts {
  admins: AccountProvider<AdminView>;
  resellers: AccountProvider<PersonView>;
  merchants: AccountProvider<PersonView>;
  customers: AccountProvider<PersonView>;
  /** Runs after a shopper signs in (a guest's cart joins the customer's, issue 5). */
  afterCustomerSignIn(request: FastifyRequest, reply: FastifyReply, customerId: number): Promise<void>;
}

/** The session calls of seed §4 and §7, at their exact paths and with their exact words. */
export async function authRoutes(app: FastifyInstance, accounts: AuthAccounts) {
  const { admins: adminAccounts, resellers: resellerAccounts, merchants: merchantAccounts, customers: customerAccounts } = accounts;
  // ── Admin ──────────────────────────────────────────────────────────────
  app.post('/api/admin/login', async (request, reply) => {
    const input = adminLoginSchema.parse(request.body);
    const { account, publicId } = await signIn(request, reply, adminAccounts, input.email, input.password, 'email');
    return { status: SESSION_STATUS.authorized, admin: account, token: publicId };
  });

  app.get('/check/session/admin', async (request) => {
    const current = await currentSession(request, adminAccounts);
    return current ? { status: SESSION_STATUS.running, admin: current.account } : { status: SESSION_STATUS.expired };
  });

  app.get('/api/admin/auth/check', async (request) => {
    const current = await currentSession(request, adminAccounts);
    return current
      ? { status: SESSION_STATUS.authorized, admin: current.account, token: current.session.publicId }
      : { status: SESSION_STATUS.unauthorized };
  });

  app.get('/api/admin/authenticate/check', async (request) => {
    const current = await currentSession(request, adminAccounts);
    return { status: current ? SESSION_STATUS.authorized : SESSION_STATUS.unauthorized };
  });

  app.get('/api/check/authenticate', async (request) => {
    const current = await currentSession(request, adminAccounts);
    return { status: current ? SESSION_STATUS.authenticate : SESSION_STATUS.unauthenticate };
  });

  // Seed §7's path, but only by POST with the CSRF token: a GET (a link or an image on another site)
  // must not sign anyone out (decision 026).
  app.post('/logout/admin', async (request, reply) => {
    await signOut(request, reply, 'admin');
    return { status: SESSION_STATUS.success, message: 'Logout successfully ! you are back soon ' };
  });
  app.get('/logout/admin', async (_request, reply) => {
    reply.status(405).header('allow', 'POST');
    return { status: 'FAILED', message: 'Sign out with the Sign out button of the back office.' };
  });

  // ── Resellers and merchants: `session` RUNNING / EXPIRED with the person ──
  personRoutes(app, '/api/reseller', resellerAccounts, 'reseller');
  personRoutes(app, '/api/merchant', merchantAccounts, 'merchant');

  // ── Shoppers ─────────────────────────────────────────────────────────────
  app.post('/_public/login', async (request, reply) => {
    const input = loginSchema.parse(request.body);
    const { account, publicId } = await signIn(request, reply, customerAccounts, input.login, input.password);
    await accounts.afterCustomerSignIn(request, reply, account.id);
    return { status: SESSION_STATUS.authorized, user: account, token: publicId };
  });

  app.get('/_public/userToCheck', async (request) => {
    const current = await currentSession(request, customerAccounts);
    return current ? { status: SESSION_STATUS.authorized, user: current.account } : { status: SESSION_STATUS.unauthorized };
  });

  app.post('/_public/logout', async (request, reply) => {
    await signOut(request, reply, 'user');
    return { status: SESSION_STATUS.success };
  });
}

function personRoutes<View>(app: FastifyInstance, prefix: string, provider: AccountProvider<View>, field: 'reseller' | 'merchant') {
  app.post(`${prefix}/login`, async (request, reply) => {
    const input = loginSchema.parse(request.body);
    const { account, publicId } = await signIn(request, reply, provider, input.login, input.password);
    return { session: SESSION_STATUS.running, [field]: account, token: publicId };
  });

  app.get(`${prefix}/login/session/check`, async (request) => {
    const current = await currentSession(request, provider);
    return current ? { session: SESSION_STATUS.running, [field]: current.account } : { session: SESSION_STATUS.expired };
  });

  app.post(`${prefix}/logout`, async (request, reply) => {
    await signOut(request, reply, provider.kind);
    return { status: SESSION_STATUS.success };
  });
}
