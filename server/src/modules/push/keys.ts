/**
 * The server's VAPID key pair: generated on first start and kept
 * in app_keys, the private key encrypted at rest with the server secret. Every browser subscribed
 * with the public key, so the pair must survive restarts: a new pair would silence every device.
 */
import { inArray, isNull } from 'drizzle-orm';
import webpush from 'web-push';
import { appKeys, pushSubscriptions } from '../../../../shared/schema/tables';
import type { Db } from '../../db/index';
import { nowIso, tombstoneRow, transact } from '../../db/write';
import { decryptSecret, encryptSecret } from '../../lib/crypto';
import { PUSH_SUBSCRIPTIONS } from './tables';

export type VapidKeys = { publicKey: string; privateKey: string };
export type VapidDetails = VapidKeys & { subject: string };

const PUBLIC_KEY = 'vapid_public_key';
const PRIVATE_KEY = 'vapid_private_key';

export type LoadedVapidKeys = VapidKeys & {
  /** True when this call made the pair (first start, or the old private key could not be read). */
  created: boolean;
};

/**
 * The stored pair, made on first use. Runs in one immediate transaction so that two processes
 * starting together agree on one pair. When the stored private key cannot be decrypted (the server
 * secret changed), a new pair replaces it and the subscriptions made with the old one are removed:
 * push services refuse them with any other key, so their browsers must subscribe again.
 */
export function loadVapidKeys(db: Db, secretKey: Buffer, now: Date): LoadedVapidKeys {
  return transact(db,
    (tx) => {
      const rows = tx
        .select()
        .from(appKeys)
        .where(inArray(appKeys.name, [PUBLIC_KEY, PRIVATE_KEY]))
        .all();
      const publicKey = rows.find((r) => r.name === PUBLIC_KEY)?.value;
      const sealed = rows.find((r) => r.name === PRIVATE_KEY)?.value;
      if (publicKey && sealed) {
        try {
          return { publicKey, privateKey: decryptSecret(secretKey, sealed), created: false };
        } catch {
          const live = tx.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(isNull(pushSubscriptions.deleted_at)).all();
          for (const { id } of live) tombstoneRow(tx, PUSH_SUBSCRIPTIONS, id, now);
        }
      }
      const pair = webpush.generateVAPIDKeys();
      const at = nowIso(now);
      for (const [name, value] of [
        [PUBLIC_KEY, pair.publicKey],
        [PRIVATE_KEY, encryptSecret(secretKey, pair.privateKey)],
      ] as const) {
        tx.insert(appKeys)
          .values({ name, value, created_at: at })
          .onConflictDoUpdate({ target: appKeys.name, set: { value, created_at: at } })
          .run();
      }
      return { publicKey: pair.publicKey, privateKey: pair.privateKey, created: true };
    },
    'immediate',
  );
}

/**
 * The VAPID subject (a contact for push services): VAPID_SUBJECT when set, else the public origin
 * when it is https, else a mailto: at its host. Apple refuses a localhost subject; production sets
 * PUBLIC_ORIGIN (https) or VAPID_SUBJECT.
 */
export function vapidSubject(publicOrigin: string, env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.VAPID_SUBJECT?.trim();
  if (configured) return configured;
  try {
    const url = new URL(publicOrigin);
    if (url.protocol === 'https:') return url.origin;
    return `mailto:webmaster@${url.hostname}`;
  } catch {
    return 'mailto:webmaster@localhost';
  }
}
