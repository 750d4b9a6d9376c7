import type { GiftId } from '@amora/contracts/rules';
import type { ReactNode } from 'react';

/**
 * The gifts drawn as small illustrations (48px grid). Emoji would depend on the visitor's fonts
 * (many systems draw them as empty boxes); these look the same everywhere. Decorative: the gift's
 * name is always written next to it.
 */
const ART: Record<GiftId, ReactNode> = {
  rose: (
    <>
      <path d="M24 27v15" stroke="#2e7d32" strokeWidth="3" strokeLinecap="round" />
      <path d="M24 36c-5-1-8-4-9-8 5 0 8 3 9 8z" fill="#43a047" />
      <path d="M24 33c4-1 7-4 8-7-4 0-7 2-8 7z" fill="#66bb6a" />
      <path d="M14 14c0 8 4 14 10 14s10-6 10-14c-3 2-6 2-10-2-4 4-7 4-10 2z" fill="#d81b60" />
      <path d="M17 12c2-5 5-7 7-7s5 2 7 7c-3 1-5 0-7-2-2 2-4 3-7 2z" fill="#ec407a" />
      <path d="M24 10c-2 3-2 7 0 10 2-3 2-7 0-10z" fill="#ad1457" />
    </>
  ),
  coffee: (
    <>
      <path d="M10 20h24v10a10 10 0 0 1-10 10h-4a10 10 0 0 1-10-10z" fill="#8d6e63" />
      <path d="M34 23h3a5 5 0 0 1 0 10h-3" fill="none" stroke="#8d6e63" strokeWidth="3" />
      <ellipse cx="22" cy="20" rx="12" ry="3" fill="#5d4037" />
      <path d="M8 42h30" stroke="#bcaaa4" strokeWidth="3" strokeLinecap="round" />
      <path
        d="M17 8c-2 3 2 5 0 8M24 6c-2 3 2 6 0 9M31 8c-2 3 2 5 0 8"
        fill="none"
        stroke="#bcaaa4"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </>
  ),
  kiss: (
    <>
      <path
        d="M6 24c5-7 10-10 14-8 2 1 3 2 4 2s2-1 4-2c4-2 9 1 14 8-6 1-12 1-18 0-6 1-12 1-18 0z"
        fill="#e53935"
      />
      <path d="M6 24c6-1 12-1 18 0 6-1 12-1 18 0-5 8-11 11-18 11S11 32 6 24z" fill="#c62828" />
      <path d="M12 24h24" stroke="#8e1b1b" strokeWidth="1.5" strokeLinecap="round" />
    </>
  ),
  chocolate: (
    <>
      <path d="M8 16h32v22a2 2 0 0 1-2 2H10a2 2 0 0 1-2-2z" fill="#6d4c41" />
      <path d="M6 12h36v6H6z" fill="#d81b60" />
      <path d="M24 12v28" stroke="#f06292" strokeWidth="3" />
      <circle cx="15" cy="25" r="3.5" fill="#4e342e" />
      <circle cx="33" cy="25" r="3.5" fill="#4e342e" />
      <circle cx="15" cy="33" r="3.5" fill="#4e342e" />
      <circle cx="33" cy="33" r="3.5" fill="#4e342e" />
      <path d="M24 12c-4-6-10-6-9-2 1 3 6 2 9 2zM24 12c4-6 10-6 9-2-1 3-6 2-9 2z" fill="#ec407a" />
    </>
  ),
  teddy: (
    <>
      <circle cx="13" cy="11" r="5" fill="#a1887f" />
      <circle cx="35" cy="11" r="5" fill="#a1887f" />
      <ellipse cx="24" cy="34" rx="11" ry="10" fill="#a1887f" />
      <circle cx="24" cy="19" r="11" fill="#bcaaa4" />
      <ellipse cx="24" cy="23" rx="5" ry="4" fill="#efebe9" />
      <circle cx="20" cy="17" r="1.6" fill="#3e2723" />
      <circle cx="28" cy="17" r="1.6" fill="#3e2723" />
      <circle cx="24" cy="21.5" r="1.6" fill="#3e2723" />
      <path d="M18 33c2 4 10 4 12 0" fill="none" stroke="#d81b60" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M22 34l-2 3M26 34l2 3" stroke="#d81b60" strokeWidth="2" strokeLinecap="round" />
    </>
  ),
  cocktail: (
    <>
      <path d="M8 10h32L24 28z" fill="#ff8a65" />
      <path d="M12 14h24l-12 12z" fill="#ffab91" />
      <path d="M24 28v12M16 42h16" stroke="#90a4ae" strokeWidth="3" strokeLinecap="round" />
      <circle cx="34" cy="10" r="5" fill="#fdd835" />
      <path d="M28 6l10-4" stroke="#6d4c41" strokeWidth="2" strokeLinecap="round" />
    </>
  ),
  bouquet: (
    <>
      <path d="M16 26l8 18 8-18z" fill="#81c784" />
      <path d="M14 28l10 6 10-6" fill="none" stroke="#388e3c" strokeWidth="2" />
      <circle cx="17" cy="18" r="6" fill="#f06292" />
      <circle cx="31" cy="18" r="6" fill="#ba68c8" />
      <circle cx="24" cy="12" r="6" fill="#ffb74d" />
      <circle cx="24" cy="22" r="5" fill="#e57373" />
      <circle cx="17" cy="18" r="2" fill="#fff59d" />
      <circle cx="31" cy="18" r="2" fill="#fff59d" />
      <circle cx="24" cy="12" r="2" fill="#fff59d" />
    </>
  ),
  champagne: (
    <>
      <path d="M17 4h6v8l3 5v23a3 3 0 0 1-3 3h-6a3 3 0 0 1-3-3V17l3-5z" fill="#2e7d32" />
      <path d="M17 4h6v6h-6z" fill="#fbc02d" />
      <path d="M14 24h12v9H14z" fill="#fff8e1" />
      <path d="M32 22h10l-1 8a4 4 0 0 1-8 0z" fill="#fff3c4" stroke="#fbc02d" strokeWidth="1.5" />
      <path d="M37 34v7M33 42h8" stroke="#b0bec5" strokeWidth="2" strokeLinecap="round" />
      <circle cx="36" cy="16" r="1.3" fill="#fbc02d" />
      <circle cx="39" cy="12" r="1" fill="#fbc02d" />
      <circle cx="34" cy="10" r="1" fill="#fbc02d" />
    </>
  ),
};

export function GiftArt({ id, size = 44 }: { id: string; size?: number }) {
  const art = ART[id as GiftId];
  return (
    <svg viewBox="0 0 48 48" width={size} height={size} aria-hidden="true" className="gift-art">
      {art ?? (
        <path d="M8 18h32v22H8zM6 12h36v6H6zM24 12v28" fill="#f48fb1" stroke="#d81b60" strokeWidth="2" />
      )}
    </svg>
  );
}
