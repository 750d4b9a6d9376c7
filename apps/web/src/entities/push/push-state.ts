import type { PushSubscriptionJson } from '@amora/contracts';
import { endpoints } from '@amora/contracts/endpoints';
import { useSyncExternalStore } from 'react';
import { call } from '../../api/client.ts';

/**
 * The push state of spec §3/§4: unknown until the browser was asked, then capable or not;
 * subscribed (the subscription, stored and sent to the account), 'denied' when the browser's
 * permission is denied, false when not subscribed.
 */
export interface PushState {
  isCapable: boolean | null;
  isSubscribed: false | PushSubscriptionJson | 'denied';
}

export type PushStatus = 'unknown' | 'unsupported' | 'subscribed' | 'denied' | 'off';

export function pushStatus(s: PushState): PushStatus {
  if (s.isCapable === null) return 'unknown';
  if (!s.isCapable) return 'unsupported';
  if (s.isSubscribed === 'denied') return 'denied';
  return s.isSubscribed ? 'subscribed' : 'off';
}

/** Spec §4: the push option shows only to logged-in, capable, unsubscribed members when a public key exists. */
export function offerPush(s: PushState, loggedIn: boolean, publicKey: string): boolean {
  return loggedIn && !!publicKey && s.isCapable === true && s.isSubscribed === false;
}

/** The push option's dismissal (a banner "Not now") is remembered this long, then asked once more. */
export const PUSH_DISMISS_MS = 30 * 24 * 3600 * 1000;

const WORKER = '/sw-push.js?v=2';

/** Unknown until the browser has been asked: the server renders this, and the page hydrates with it. */
const serverState: PushState = { isCapable: null, isSubscribed: false };
// The same object, not an equal one: a store whose snapshot differs from the server's re-renders
// every reader once the page has hydrated (the navigation's chat and like counters, issue 29 goal 2).
let state: PushState = serverState;
const listeners = new Set<() => void>();
function set(next: PushState) {
  state = next;
  for (const l of listeners) l();
}
/** The push state, shared by every component (unknown during server rendering and hydration). */
export function usePushState(): PushState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => serverState,
  );
}

function capable(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window &&
    window.isSecureContext
  );
}

/** The VAPID public key as the push manager wants it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

const sameKey = (sub: PushSubscription, key: Uint8Array) => {
  const have = sub.options?.applicationServerKey;
  if (!have) return true;
  const a = new Uint8Array(have);
  return a.length === key.length && a.every((b, i) => b === key[i]);
};

const toJson = (sub: PushSubscription) => sub.toJSON() as PushSubscriptionJson;

let registration: Promise<ServiceWorkerRegistration | null> | null = null;

/** The push worker (spec §7: registered at /sw-push.js?v=2, scope /). */
function worker(): Promise<ServiceWorkerRegistration | null> {
  registration ??= navigator.serviceWorker.register(WORKER, { scope: '/' }).catch(() => null);
  return registration;
}

/**
 * Finds out what this browser can do and has (after hydration): registers the worker, reads the
 * permission and an existing subscription. A logged-in member's subscription is sent to the
 * server again (cheap, idempotent): so one made during signup, before the account could be told,
 * or one the server forgot, is stored.
 */
export async function initPush(publicKey: string, loggedIn: boolean): Promise<void> {
  if (!capable() || !publicKey) {
    set({ isCapable: false, isSubscribed: false });
    return;
  }
  const reg = await worker();
  if (!reg) {
    set({ isCapable: false, isSubscribed: false });
    return;
  }
  let sub = await reg.pushManager.getSubscription().catch(() => null);
  // Made for another key (the site's keys were replaced): useless, so it goes.
  if (sub && !sameKey(sub, keyBytes(publicKey))) {
    await sub.unsubscribe().catch(() => false);
    sub = null;
  }
  if (Notification.permission === 'denied') {
    set({ isCapable: true, isSubscribed: 'denied' });
    return;
  }
  set({ isCapable: true, isSubscribed: sub ? toJson(sub) : false });
  if (sub && loggedIn) await sendToServer(toJson(sub)).catch(() => {});
}

const sendToServer = (subscription: PushSubscriptionJson) =>
  call(endpoints.push.subscribe, { body: { subscription } });

/**
 * Asks for the permission and subscribes (spec §8: a subscribe refused by the permission marks
 * push as denied). The subscription goes to the server when a member is logged in; otherwise
 * (during signup) at the next load after logging in. Throws on other failures.
 */
export async function subscribePush(publicKey: string, loggedIn: boolean): Promise<PushStatus> {
  const reg = await worker();
  if (!reg) throw new Error('push worker unavailable');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    if (permission === 'denied') set({ ...state, isSubscribed: 'denied' });
    return pushStatus(state);
  }
  let sub: PushSubscription;
  try {
    sub = await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'NotAllowedError') {
      set({ ...state, isSubscribed: 'denied' });
      return 'denied';
    }
    throw err;
  }
  if (loggedIn) {
    try {
      await sendToServer(toJson(sub));
    } catch (err) {
      await sub.unsubscribe().catch(() => false);
      throw err;
    }
  }
  set({ isCapable: true, isSubscribed: toJson(sub) });
  return 'subscribed';
}

/** Turns push off for this browser: the subscription ends here and on the server. */
export async function unsubscribePush(): Promise<void> {
  const reg = await worker();
  const sub = await reg?.pushManager.getSubscription();
  if (sub) {
    await call(endpoints.push.unsubscribe, { body: { endpoint: sub.endpoint } });
    await sub.unsubscribe().catch(() => false);
  }
  set({ isCapable: true, isSubscribed: false });
}

/**
 * Logging out on this browser: the server forgets this browser's subscription, so the member's
 * notifications stop arriving on a device they left (a shared computer). The browser keeps its
 * subscription: whoever logs in here next takes it over (initPush sends it again). Best effort:
 * a failure here never keeps anyone from logging out.
 */
export async function forgetPushHere(): Promise<void> {
  const sub = state.isSubscribed;
  if (!sub || sub === 'denied') return;
  await call(endpoints.push.unsubscribe, { body: { endpoint: sub.endpoint } }).catch(() => {});
}
