/**
 * Encryption at rest and the server secret, as a plain module any service imports: the key is
 * APP_SECRET_KEY (hashed to 32 bytes) or a random key generated into the data folder on first
 * start and reused after; it signs sessions and encrypts secret columns with AES-256-GCM.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export function resolveSecretKey(configured: string | undefined, dataDir: string, inMemory: boolean): Buffer {
  if (configured) return crypto.createHash('sha256').update(configured).digest();
  if (inMemory) return crypto.randomBytes(32);
  const file = path.join(dataDir, 'secret.key');
  if (fs.existsSync(file)) return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  fs.mkdirSync(dataDir, { recursive: true });
  const key = crypto.randomBytes(32);
  fs.writeFileSync(file, key.toString('base64'), { mode: 0o600 });
  return key;
}

/** AES-256-GCM for secret columns: `v1:<iv>:<tag>:<ciphertext>`, base64 parts. */
export function encryptSecret(key: Buffer, plaintext: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
}

export function decryptSecret(key: Buffer, stored: string): string {
  const [v, iv, tag, data] = stored.split(':');
  if (v !== 'v1' || !iv || !tag || data === undefined) throw new Error('Unrecognised secret format');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}
