import { GIFT_IDS, type GiftId } from '@amora/contracts/rules';
import { useEffect, useRef } from 'react';
import { CLIENT_ID_RE, type LocalMessage } from '../../entities/chat/logic.ts';

/**
 * What a member wrote to one partner that the server has not confirmed yet: the text being typed
 * and the texts and gifts sent but not answered. Kept in this browser's localStorage, per member
 * and partner, so a reload, a crash or a closed tab loses nothing; a kept message comes back as
 * "not sent" with its retry, under its own client id (the server books it once, whatever happens).
 * Photos are not kept (a file cannot be stored here); logging out forgets everything.
 */
export interface KeptMessage {
  client_id: string;
  kind: 'text' | 'gift';
  body: string;
  gift: GiftId | null;
  created_at: string;
}
export interface Kept {
  draft: string;
  unsent: KeptMessage[];
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;
const PREFIX = 'amora.chat.';
const keyOf = (userId: string, partnerId: string) => `${PREFIX}${userId}.${partnerId}`;
const EMPTY: Kept = { draft: '', unsent: [] };

/** The browser's localStorage, or nothing (server rendering, storage switched off). */
export function browserStore(): Store | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** Only what this app itself wrote comes back (storage is the user's to change). */
function isKeptMessage(m: unknown): m is KeptMessage {
  const k = m as Partial<KeptMessage> | null;
  return (
    typeof k?.client_id === 'string' &&
    CLIENT_ID_RE.test(k.client_id) &&
    typeof k.created_at === 'string' &&
    ((k.kind === 'text' && typeof k.body === 'string' && k.body.trim() !== '') ||
      (k.kind === 'gift' && (GIFT_IDS as readonly unknown[]).includes(k.gift)))
  );
}

export function readKept(store: Store | undefined, userId: string, partnerId: string): Kept {
  try {
    const raw = store?.getItem(keyOf(userId, partnerId));
    if (!raw) return EMPTY;
    const v = JSON.parse(raw) as Partial<Kept>;
    return {
      draft: typeof v.draft === 'string' ? v.draft : '',
      unsent: Array.isArray(v.unsent) ? v.unsent.filter(isKeptMessage) : [],
    };
  } catch {
    return EMPTY;
  }
}

/** Stores what is kept for one partner (nothing kept: the entry goes). A full storage is ignored. */
export function writeKept(store: Store | undefined, userId: string, partnerId: string, kept: Kept): void {
  try {
    if (!kept.draft && kept.unsent.length === 0) store?.removeItem(keyOf(userId, partnerId));
    else store?.setItem(keyOf(userId, partnerId), JSON.stringify(kept));
  } catch {
    // quota or privacy mode: the page still works, only without this safety net
  }
}

/** Changes what is kept for one partner from its latest stored state (other tabs write too). */
export function updateKept(
  store: Store | undefined,
  userId: string,
  partnerId: string,
  change: (kept: Kept) => Kept,
): void {
  writeKept(store, userId, partnerId, change(readKept(store, userId, partnerId)));
}

/** At logout: nothing a member wrote stays behind in this browser. */
export function forgetAllKept(store: Store | undefined): void {
  try {
    if (!store) return;
    const keys: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const k = store.key(i);
      if (k?.startsWith(PREFIX)) keys.push(k);
    }
    for (const k of keys) store.removeItem(k);
  } catch {
    // nothing to forget
  }
}

/** Keeps one message the member just sent, until the server confirms it. */
export function keepUnsent(userId: string, partnerId: string, m: KeptMessage): void {
  updateKept(browserStore(), userId, partnerId, (k) => ({
    ...k,
    unsent: [...k.unsent.filter((u) => u.client_id !== m.client_id), m],
  }));
}

/** The server has it (or the member discarded it): no longer kept. */
export function forgetUnsent(userId: string, partnerId: string, clientId: string): void {
  updateKept(browserStore(), userId, partnerId, (k) => ({
    ...k,
    unsent: k.unsent.filter((u) => u.client_id !== clientId),
  }));
}

/**
 * Kept messages the loaded conversation does not hold (by client id among the member's own), as
 * failed messages to retry; `delivered` are those it holds, to forget.
 */
export function keptBack(
  kept: readonly KeptMessage[],
  mineLoaded: ReadonlySet<string>,
  ctx: { userId: string; conversationId: string; nextId: () => number },
): { back: LocalMessage[]; delivered: string[] } {
  const back: LocalMessage[] = [];
  const delivered: string[] = [];
  for (const k of kept) {
    if (mineLoaded.has(k.client_id)) {
      delivered.push(k.client_id);
      continue;
    }
    back.push({
      id: ctx.nextId(),
      conversation_id: ctx.conversationId,
      sender_id: ctx.userId,
      client_id: k.client_id,
      kind: k.kind,
      body: k.kind === 'text' ? k.body : '',
      gift: k.kind === 'gift' ? k.gift : null,
      photo: null,
      cost: 0,
      created_at: k.created_at,
      mine: true,
      warning: null,
      status: 'failed',
    });
  }
  return { back, delivered };
}

/**
 * The draft of one conversation: given back once when it opens, kept as it changes (the render
 * that gives it back still has the empty text: that one is not written over what was kept).
 */
export function useKeptDraft(userId: string, partnerId: string, text: string, setText: (v: string) => void) {
  const givingBack = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: given back once per member and partner
  useEffect(() => {
    if (!userId) return;
    const { draft } = readKept(browserStore(), userId, partnerId);
    if (!draft) return;
    givingBack.current = true;
    setText(draft);
  }, [userId, partnerId]);
  useEffect(() => {
    if (givingBack.current) {
      givingBack.current = false;
      return;
    }
    if (userId) updateKept(browserStore(), userId, partnerId, (k) => ({ ...k, draft: text }));
  }, [userId, partnerId, text]);
}
