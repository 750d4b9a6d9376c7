/** Caps a counter for badges: 100 or more shows 99+ (spec §2). */
export function badgeText(count: number): string {
  return count >= 100 ? '99+' : String(count);
}

export function Badge({
  count,
  tone = 'brand',
  label,
}: {
  count: number;
  tone?: 'brand' | 'warning' | 'danger';
  label: string;
}) {
  if (count <= 0) return null;
  return (
    <span className={`badge badge--${tone}`}>
      <span aria-hidden="true">{badgeText(count)}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
