import path from 'node:path';
import { z } from 'zod';
import { API_ROOT } from './paths';

const flag = z.enum(['0', '1', 'true', 'false', 'yes', 'no']).transform((value) => value === '1' || value === 'true' || value === 'yes');

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d+(kB|MB|GB)$/, 'must be a size such as 16MB')
    .optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  DEMO: flag.default(true),
  DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  PRODUCTION_HOST: z.string().min(1).optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24 * 14),
  COOKIE_SECURE: flag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: flag.default(false),
  /** How often shipped orders' courier statuses are asked for, in minutes (fractions allowed, 0.05 = 3 s); 0 turns it off (the default in tests). */
  COURIER_TRACKING_MINUTES: z.coerce.number().min(0).max(1440).optional(),
  /** Server processes `npm start` runs (node:cluster); more than 1 needs DATABASE_URL. */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /** Where the Google and Facebook sign-in endpoints are, when not the real ones (tests, a proxy). */
  OAUTH_GOOGLE_AUTHORIZE_URL: z.url().optional(),
  OAUTH_GOOGLE_TOKEN_URL: z.url().optional(),
  OAUTH_GOOGLE_USERINFO_URL: z.url().optional(),
  OAUTH_FACEBOOK_AUTHORIZE_URL: z.url().optional(),
  OAUTH_FACEBOOK_TOKEN_URL: z.url().optional(),
  OAUTH_FACEBOOK_USERINFO_URL: z.url().optional(),
  /** Where Meta's Graph API is, when not graph.facebook.com (tests: a local stand-in). */
  META_GRAPH_URL: z.url().optional(),
  /** Where the payment stand-in is (decision 062): gateways in mode `standin` call it; tests point it at their own. */
  PAYMENT_STANDIN_URL: z.url().optional(),
  /** Seconds between sends of queued Conversions API events; 0 turns the job off (the default in tests). */
  CONVERSIONS_SEND_SECONDS: z.coerce.number().min(0).max(86400).optional(),
  SETTINGS_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (32 bytes), e.g. from `openssl rand -hex 32`')
    .optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  storageDir: string;
  databaseUrl: string | undefined;
  /** PGlite's shared buffers (PGLITE_SHARED_BUFFERS), 16MB by default. */
  pgliteSharedBuffers: string | undefined;
  admin: { email: string | undefined; password: string | undefined };
  demo: boolean;
  demoPassword: string | undefined;
  productionHost: string | undefined;
  sessionTtlMs: number;
  cookieSecure: boolean;
  logLevel: string;
  webDist: string;
  /** Behind a load balancer: take the client address from X-Forwarded-For. */
  trustProxy: boolean;
  /**
   * The AES-256 key (hex) that encrypts settings secrets; when not given, the key in
   * DATA_DIR/secret.key (made on the first start) is used.
   */
  settingsKey: string | undefined;
  /** Minutes between courier tracking runs; 0 means the job does not run. */
  courierTrackingMinutes: number;
  /** How many server processes to run (WORKERS): 1, or several on PostgreSQL (docs/decisions/028). */
  workers: number;
  /** Google and Facebook sign-in endpoints that replace the real ones (OAUTH_<PROVIDER>_<ENDPOINT>_URL). */
  oauthEndpoints: Record<'google' | 'facebook', { authorize?: string; token?: string; userinfo?: string }>;
  /** Meta's Graph API base address (META_GRAPH_URL). */
  metaGraphUrl: string;
  /** Seconds between Conversions API sends; 0 means the job does not run. */
  conversionsSendSeconds: number;
  /**
   * The payment stand-in's address (PAYMENT_STANDIN_URL), followed by `/bkash`, `/nagad`, `/sslcommerz`: by default
   * the one the app mounts at `/payment-standin` on its own port.
   */
  paymentStandinUrl: string;
}

export class ConfigError extends Error {}

/** Reads the environment once; a bad value stops the start with a message naming the variable. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  // A variable set to the empty string counts as not set.
  const given = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ''));
  const parsed = environmentSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const value = parsed.data;
  if (value.WORKERS > 1 && !value.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  WORKERS: more than one process needs DATABASE_URL (PostgreSQL): the embedded PGlite database is open in one process only',
    );
  }
  const dataDir = path.resolve(value.DATA_DIR);
  return {
    env: value.NODE_ENV,
    port: value.PORT,
    host: value.HOST,
    dataDir,
    storageDir: path.join(dataDir, 'storage'),
    databaseUrl: value.DATABASE_URL,
    pgliteSharedBuffers: value.PGLITE_SHARED_BUFFERS,
    admin: { email: value.ADMIN_EMAIL?.toLowerCase(), password: value.ADMIN_PASSWORD },
    demo: value.DEMO,
    demoPassword: value.DEMO_PASSWORD,
    productionHost: value.PRODUCTION_HOST?.toLowerCase().replace(/^www\./, ''),
    sessionTtlMs: value.SESSION_TTL_HOURS * 3600_000,
    cookieSecure: value.COOKIE_SECURE ?? false,
    logLevel: value.LOG_LEVEL,
    trustProxy: value.TRUST_PROXY,
    settingsKey: value.SETTINGS_KEY?.toLowerCase(),
    courierTrackingMinutes: value.COURIER_TRACKING_MINUTES ?? (value.NODE_ENV === 'test' ? 0 : 30),
    workers: value.WORKERS,
    oauthEndpoints: {
      google: {
        authorize: value.OAUTH_GOOGLE_AUTHORIZE_URL,
        token: value.OAUTH_GOOGLE_TOKEN_URL,
        userinfo: value.OAUTH_GOOGLE_USERINFO_URL,
      },
      facebook: {
        authorize: value.OAUTH_FACEBOOK_AUTHORIZE_URL,
        token: value.OAUTH_FACEBOOK_TOKEN_URL,
        userinfo: value.OAUTH_FACEBOOK_USERINFO_URL,
      },
    },
    metaGraphUrl: value.META_GRAPH_URL ?? 'https://graph.facebook.com',
    conversionsSendSeconds: value.CONVERSIONS_SEND_SECONDS ?? (value.NODE_ENV === 'test' ? 0 : 60),
    paymentStandinUrl: (value.PAYMENT_STANDIN_URL ?? `http://127.0.0.1:${value.PORT}/payment-standin`).replace(/\/+$/, ''),
    webDist: path.resolve(value.WEB_DIST ?? path.join(API_ROOT, '../web/dist')),
  };
}
