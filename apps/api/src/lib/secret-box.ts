import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const PREFIX = 'enc:v1:';
const KEY_HEX = /^[0-9a-fA-F]{64}$/;

/**
 * Encrypts short secrets (gateway keys, passwords) with AES-256-GCM. A sealed value is
 * `enc:v1:<iv>:<tag>:<ciphertext>` in base64url; `context` (the group and field) is bound as
 * associated data, so a ciphertext copied to another field does not open.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(keyHex: string) {
    if (!KEY_HEX.test(keyHex)) throw new Error('The settings key must be 64 hexadecimal characters (32 bytes).');
    this.key = Buffer.from(keyHex, 'hex');
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return `${PREFIX}${iv.toString('base64url')}:${tag.toString('base64url')}:${ciphertext.toString('base64url')}`;
  }

  /** The plain text, or null when the value was sealed with another key or context, or altered. */
  open(sealed: string, context: string): string | null {
    if (!SecretBox.isSealed(sealed)) return null;
    const [iv, tag, ciphertext] = sealed.slice(PREFIX.length).split(':');
    if (!iv || !tag || ciphertext === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }

  /** A keyed digest of `text` for `purpose` (a pay link's key): unforgeable without the settings key. */
  sign(text: string, purpose: string): string {
    return createHmac('sha256', this.key).update(`${purpose}\n${text}`).digest('base64url');
  }

  static isSealed(value: unknown): value is string {
    return typeof value === 'string' && value.startsWith(PREFIX);
  }
}

export const SECRET_KEY_FILE = 'secret.key';

/**
 * The key for settings secrets: SETTINGS_KEY when given; otherwise `DATA_DIR/secret.key`, made
 * (mode 600) on the first start and read on every later one. Several processes share it by
 * sharing the data folder or by setting SETTINGS_KEY.
 */
export function resolveSettingsKey(given: string | undefined, dataDir: string): string {
  if (given) return given.toLowerCase();
  const file = path.join(dataDir, SECRET_KEY_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // `wx`: when two processes start at once, one writes and the other reads what it wrote.
    fs.writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stored = fs.readFileSync(file, 'utf8').trim();
  if (!KEY_HEX.test(stored)) {
    throw new Error(`${file} does not hold a settings key (64 hexadecimal characters). Restore it, or set SETTINGS_KEY.`);
  }
  return stored.toLowerCase();
}

const boxes = new Map<string, SecretBox>();

/** One box per key, made once per process. */
export function secretBoxFor(config: { settingsKey?: string; dataDir: string }): SecretBox {
  const cacheKey = config.settingsKey ? `key:${config.settingsKey}` : `dir:${config.dataDir}`;
  let box = boxes.get(cacheKey);
  if (!box) {
    box = new SecretBox(resolveSettingsKey(config.settingsKey, config.dataDir));
    boxes.set(cacheKey, box);
  }
  return box;
}
