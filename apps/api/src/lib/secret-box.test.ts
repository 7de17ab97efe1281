import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { resolveSettingsKey, SECRET_KEY_FILE, SecretBox } from './secret-box';

const KEY = 'a'.repeat(64);
const folders: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haat-key-'));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

describe('SecretBox', () => {
  it('seals with AES-256-GCM and opens only with the same key and context', () => {
    const box = new SecretBox(KEY);
    const sealed = box.seal('bkash-app-secret', 'settings:payment:bkash_app_secret');
    expect(sealed).toMatch(/^enc:v1:[\w-]+:[\w-]+:[\w-]+$/);
    expect(sealed).not.toContain('bkash-app-secret');
    expect(box.seal('bkash-app-secret', 'settings:payment:bkash_app_secret')).not.toBe(sealed);
    expect(box.open(sealed, 'settings:payment:bkash_app_secret')).toBe('bkash-app-secret');
    expect(box.open(sealed, 'settings:payment:bkash_password')).toBeNull();
    expect(new SecretBox('b'.repeat(64)).open(sealed, 'settings:payment:bkash_app_secret')).toBeNull();
    // Change the second-to-last character (all six of its bits are data) to another one.
    const tampered = `${sealed.slice(0, -2)}${sealed.at(-2) === 'A' ? 'B' : 'A'}${sealed.slice(-1)}`;
    expect(tampered).not.toBe(sealed);
    expect(box.open(tampered, 'settings:payment:bkash_app_secret')).toBeNull();
    expect(box.open('plain text', 'x')).toBeNull();
  });

  it('refuses a key that is not 64 hex characters', () => {
    expect(() => new SecretBox('abc')).toThrow(/64 hexadecimal/);
  });
});

describe('the settings key', () => {
  it('is made on the first start in DATA_DIR/secret.key with mode 600, then reused', () => {
    const dir = tempDir();
    const first = resolveSettingsKey(undefined, dir);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dir, SECRET_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveSettingsKey(undefined, dir)).toBe(first);
  });

  it('comes from SETTINGS_KEY when given, and no file is made', () => {
    const dir = tempDir();
    expect(resolveSettingsKey(KEY.toUpperCase(), dir)).toBe(KEY);
    expect(fs.existsSync(path.join(dir, SECRET_KEY_FILE))).toBe(false);
  });

  it('stops the start when the key file is damaged', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, SECRET_KEY_FILE), 'not a key');
    expect(() => resolveSettingsKey(undefined, dir)).toThrow(/does not hold a settings key/);
  });

  it('is checked by loadConfig: 64 hex characters, naming SETTINGS_KEY', () => {
    expect(loadConfig({ SETTINGS_KEY: KEY }).settingsKey).toBe(KEY);
    expect(loadConfig({}).settingsKey).toBeUndefined();
    for (const bad of ['abc', 'z'.repeat(64), 'a'.repeat(63)]) {
      expect(() => loadConfig({ SETTINGS_KEY: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ SETTINGS_KEY: bad })).toThrow(/SETTINGS_KEY: must be 64 hexadecimal/);
    }
  });
});
