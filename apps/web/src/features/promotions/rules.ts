/** Spec §9: the time-bonus modal comes 40 s after the member enters the members area. */
export const MODAL_DELAY_MS = 40_000;

/** Spec §2: members area = /members, a member's profile, /chats, /likes (and its tabs and profiles), /premium. */
const MEMBERS_AREA = /^\/(?:members(?:\/[^/]+)?|chats(?:\/[^/]+)?|likes(?:\/[^/]+)*|premium)\/?$/;

export const isMembersArea = (pathname: string) => MEMBERS_AREA.test(pathname);

/** When the modal is due, given when the member entered the members area (browser ms). */
export const modalDueAt = (enteredAt: number) => enteredAt + MODAL_DELAY_MS;

/**
 * Whether the time-bonus modal shows now (spec §4): a running bonus, a member with 0 credits who
 * never dismissed it, on a members-area page, and its 40 s are up.
 */
export function showTimeBonusModal(s: {
  bonus: boolean;
  credits: number;
  dismissed: boolean;
  onMembersArea: boolean;
  due: boolean;
}): boolean {
  return s.bonus && s.credits === 0 && !s.dismissed && s.onMembersArea && s.due;
}
