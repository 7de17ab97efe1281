import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** The error loadConfig throws for an environment, so its message can be checked. */
function configErrorOf(environment: Record<string, string>): ConfigError {
  try {
    loadConfig(environment);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(environment)}`);
}

describe('loadConfig', () => {
  it('starts with sensible defaults on an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.env).toBe('production');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.storageDir).toBe(path.join(path.resolve('./data'), 'storage'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.demo).toBe(true);
    expect(config.productionHost).toBeUndefined();
    expect(config.sessionTtlMs).toBe(14 * 24 * 3600_000);
    expect(config.cookieSecure).toBe(false);
    expect(config.trustProxy).toBe(false);
  });

  it('reads the values it is given', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/srv/haat',
      DATABASE_URL: 'postgresql://shop@db:5432/haat',
      ADMIN_EMAIL: 'Owner@Shop.Example.com',
      ADMIN_PASSWORD: 'a-long-password',
      SESSION_TTL_HOURS: '2',
    });
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.resolve('/srv/haat'));
    expect(config.databaseUrl).toBe('postgresql://shop@db:5432/haat');
    expect(config.admin).toEqual({ email: 'owner@shop.example.com', password: 'a-long-password' });
    expect(config.sessionTtlMs).toBe(2 * 3600_000);
  });

  it.each(['abc', '70000', '0', '3000.5'])('refuses PORT=%s naming PORT', (port) => {
    const error = configErrorOf({ PORT: port });
    expect(error.message).toMatch(/^\s*PORT: /m);
  });

  it.each(['mysql://shop@db/haat', 'localhost:5432'])('refuses DATABASE_URL=%s naming DATABASE_URL', (url) => {
    const error = configErrorOf({ DATABASE_URL: url });
    expect(error.message).toMatch(/^\s*DATABASE_URL: .*postgres:\/\//m);
  });

  it.each([
    ['0', false],
    ['false', false],
    ['no', false],
    ['1', true],
    ['yes', true],
  ])('reads DEMO=%s as %s', (value, expected) => {
    expect(loadConfig({ DEMO: value }).demo).toBe(expected);
  });

  it('refuses a DEMO value it cannot read, naming DEMO', () => {
    expect(configErrorOf({ DEMO: 'maybe' }).message).toMatch(/^\s*DEMO: /m);
  });

  it('refuses a short ADMIN_PASSWORD or DEMO_PASSWORD, naming the variable', () => {
    expect(configErrorOf({ ADMIN_PASSWORD: 'short' }).message).toMatch(/^\s*ADMIN_PASSWORD: .*8 characters/m);
    expect(configErrorOf({ DEMO_PASSWORD: 'short' }).message).toMatch(/^\s*DEMO_PASSWORD: .*8 characters/m);
  });

  it('names every bad variable at once', () => {
    const message = configErrorOf({ PORT: 'abc', ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'short' }).message;
    expect(message).toMatch(/^\s*PORT: /m);
    expect(message).toMatch(/^\s*ADMIN_EMAIL: /m);
    expect(message).toMatch(/^\s*ADMIN_PASSWORD: /m);
  });

  it('keeps PRODUCTION_HOST without a leading www. and in lower case', () => {
    expect(loadConfig({ PRODUCTION_HOST: 'www.shop.example.com' }).productionHost).toBe('shop.example.com');
    expect(loadConfig({ PRODUCTION_HOST: 'Shop.Example.com' }).productionHost).toBe('shop.example.com');
    expect(loadConfig({ PRODUCTION_HOST: 'WWW.Shop.Example.com' }).productionHost).toBe('shop.example.com');
    // Only a leading www. goes: a host that merely contains it is kept.
    expect(loadConfig({ PRODUCTION_HOST: 'shop.www.example.com' }).productionHost).toBe('shop.www.example.com');
  });
});
