import { MAIL_DEFAULTS } from '@amora/contracts';
import { type Zippable, zipSync } from 'fflate';
import type { Queryable } from '../../platform/db.ts';
import { variantKey } from '../../platform/images.ts';
import type { MediaStore } from '../../platform/storage.ts';
import * as repo from './data-export.repo.ts';

const text = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);

/**
 * The member's archive (GDPR Art. 15 and 20): one zip of JSON files and their photos as stored
 * (the largest copy the store keeps, read through the media store, so a bucket works like the
 * folder). profile.json (account and profile), settings.json (e-mail choices and what stopped
 * mail, push subscriptions' dates), photos.json + photos/, messages.json (every conversation, sent
 * and received; a picture the member sent names its file under chat-photos/), likes.json, blocks.json, reports.json (those the member made), payments.json
 * (orders and the credit ledger), sessions.json (dates only).
 *
 * Privacy rule: other members appear by screen name only (never their e-mail, coordinates or ids),
 * and the operators who answer for fictional profiles never appear (the repo does not read them).
 */
export async function buildArchive(
  q: Queryable,
  stores: { photos: MediaStore; chat: MediaStore },
  userId: string,
): Promise<Buffer> {
  const { photos } = stores;
  const [account, choices, photoRows, conversations, likes, blocks, reports, payments, sessions, sent] =
    await Promise.all([
      repo.accountData(q, userId),
      repo.choicesData(q, userId),
      repo.photoRows(q, userId),
      repo.conversationsData(q, userId),
      repo.likesData(q, userId),
      repo.blocksData(q, userId),
      repo.reportsData(q, userId),
      repo.paymentsData(q, userId),
      repo.sessionsData(q, userId),
      repo.sentChatPhotos(q, userId),
    ]);
  const settings = choices as { mail_choices?: Record<string, boolean> } | null;
  const files: Zippable = {
    'profile.json': text(account),
    'settings.json': text({ ...settings, mail_choices: { ...MAIL_DEFAULTS, ...settings?.mail_choices } }),
    'messages.json': text(conversations),
    'likes.json': text(likes),
    'blocks.json': text(blocks),
    'reports.json': text(reports),
    'payments.json': text(payments),
    'sessions.json': text(sessions),
  };
  const listed: { file: string | null; status: string; main: boolean; uploaded_at: Date }[] = [];
  for (const [i, p] of photoRows.entries()) {
    const bytes = await photos.get(variantKey(p.storage_key, 'l'));
    const file = bytes ? `photos/${String(i + 1).padStart(2, '0')}.jpg` : null;
    // JPEG is compressed already: stored as it is.
    if (bytes && file) files[file] = [new Uint8Array(bytes), { level: 0 }];
    listed.push({ file, status: p.status, main: p.is_main, uploaded_at: p.created_at });
  }
  files['photos.json'] = text(listed);
  // The pictures the member sent in chats, named in messages.json by their `file`.
  for (const m of sent) {
    const bytes = await stores.chat.get(variantKey(m.media_key, 'l'));
    if (bytes) files[`chat-photos/${m.id}.jpg`] = [new Uint8Array(bytes), { level: 0 }];
  }
  return Buffer.from(zipSync(files, { level: 6 }));
}
