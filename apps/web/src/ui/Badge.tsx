/** Caps a counter for badges: 100 or more shows 99+ (spec §2). */
export function badgeText(count: number): string {
  return count >= 100 ? '99+' : String(count);
}

export function Badge({
  count,
  tone = 'brand',
  label,
  showZero = false,
}: {
  count: number;
  tone?: 'brand' | 'warning' | 'danger';
  label: string;
  /** Show the badge at 0 too (an empty credit balance is news; no unread messages is not). */
  showZero?: boolean;
}) {
  if (count < 0 || (count === 0 && !showZero)) return null;
  return (
    <span className={`badge badge--${tone}`}>
      <span aria-hidden="true">{badgeText(count)}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
