import crypto from 'node:crypto';
import type { Db } from '../../platform/db.ts';
import { AppError, found } from '../../platform/errors.ts';
import { processPhoto, variantKey } from '../../platform/images.ts';
import type { Site } from '../../platform/sites.ts';
import type { Storage } from '../../platform/storage.ts';
import { memberFunds } from './chat.repo.ts';
import { type SendOutcome, sendMessage, sentBefore } from './chat.service.ts';
import { chatMediaKey } from './chat-messages.service.ts';

/**
 * Sends a photo message: premium members only, charged photo_credits, once per client id. Before
 * any upload work, a retry of a photo already sent gets its first answer and a free member is
 * refused (read fresh, not from the cached session; the send's transaction checks again). The
 * upload goes through the profile-photo pipeline (content checked, pixels bounded, re-encoded, no
 * metadata) into private storage; its files are removed again if the send does not happen.
 */
export async function sendPhotoMessage(
  db: Db,
  storage: Storage,
  site: Site,
  me: string,
  partnerId: string,
  clientId: string,
  readUpload: () => Promise<Buffer>,
): Promise<SendOutcome> {
  const [u, before] = await Promise.all([memberFunds(db, me), sentBefore(db, me, clientId)]);
  // Photos are for premium members, who have no free messages.
  if (before)
    return { message: before, credits: u?.credits ?? 0, free_messages_left: 0, fresh: false, warning: null };
  if (!u?.paid_user) throw new AppError('premium_only', 402);
  const photo = await processPhoto(await readUpload());
  const base = `c/${crypto.randomUUID()}`;
  const keys = (['l', 't'] as const).map((v) => variantKey(base, v));
  await storage.putAll([
    [keys[0]!, photo.variants.l],
    [keys[1]!, photo.variants.t],
  ]);
  const removeFiles = () => Promise.all(keys.map((k) => storage.remove(k)));
  let result: Awaited<ReturnType<typeof sendMessage>>;
  try {
    result = await sendMessage(db, site, me, partnerId, {
      client_id: clientId,
      kind: 'photo',
      media_key: base,
    });
  } catch (err) {
    await removeFiles();
    throw err;
  }
  if (!result.fresh) await removeFiles();
  return result;
}

/** The image of a photo message, for the two members of its conversation only (else not found). */
export async function chatMedia(
  db: Db,
  storage: Storage,
  viewerId: string,
  messageId: number,
  variant: 'l' | 't',
): Promise<Buffer> {
  const key = await chatMediaKey(db, viewerId, messageId);
  // Missing is not found; a store that cannot answer is an outage (503, platform/storage.ts).
  const data = found(await storage.get(variantKey(key, variant)));
  return data;
}
