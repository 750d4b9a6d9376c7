import { describe, expect, it } from 'vitest';
import { hasBackButton } from '../../features/shell/StandaloneBack.tsx';
import { NAV_FIRST_POLL_MS, navPollMs } from './nav-polling.ts';
import { offerPush, type PushState, pushStatus } from './push-state.ts';

const sub = { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: 'p', auth: 'a' } };

describe('push states (spec §3, §4)', () => {
  it('are unknown, then capable or not; subscribed, denied or off', () => {
    expect(pushStatus({ isCapable: null, isSubscribed: false })).toBe('unknown');
    expect(pushStatus({ isCapable: false, isSubscribed: false })).toBe('unsupported');
    expect(pushStatus({ isCapable: true, isSubscribed: false })).toBe('off');
    expect(pushStatus({ isCapable: true, isSubscribed: 'denied' })).toBe('denied');
    expect(pushStatus({ isCapable: true, isSubscribed: sub })).toBe('subscribed');
  });

  it('offer push only to logged-in, capable, unsubscribed members when the site has a key', () => {
    const off: PushState = { isCapable: true, isSubscribed: false };
    expect(offerPush(off, true, 'BKEY')).toBe(true);
    expect(offerPush(off, false, 'BKEY')).toBe(false);
    expect(offerPush(off, true, '')).toBe(false);
    expect(offerPush({ isCapable: null, isSubscribed: false }, true, 'BKEY')).toBe(false);
    expect(offerPush({ isCapable: false, isSubscribed: false }, true, 'BKEY')).toBe(false);
    expect(offerPush({ isCapable: true, isSubscribed: sub }, true, 'BKEY')).toBe(false);
    expect(offerPush({ isCapable: true, isSubscribed: 'denied' }, true, 'BKEY')).toBe(false);
  });
});

describe('polling (spec §4, §9)', () => {
  it('starts 5 s after load, then every 60 s, or 300 s while push is subscribed', () => {
    expect(NAV_FIRST_POLL_MS).toBe(5_000);
    expect(navPollMs(false)).toBe(60_000);
    expect(navPollMs(true)).toBe(300_000);
  });
});

describe('the installed app back button (spec §2)', () => {
  it('belongs to members-id, likes-type, likes-m-id, credits and credits-id-paymentmethod only', () => {
    for (const p of [
      '/members/abc',
      '/likes/received',
      '/likes/m/abc',
      '/credits',
      '/credits/p2',
      '/credits/p2/ideal',
    ])
      expect(hasBackButton(p), p).toBe(true);
    for (const p of [
      '/members',
      '/members/abc/chat',
      '/likes',
      '/chats/abc',
      '/credits/repeat-order',
      '/premium',
    ])
      expect(hasBackButton(p), p).toBe(false);
  });
});
