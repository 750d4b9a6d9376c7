import { Link } from 'react-router';
import './logo.css';

export function HeartMark({ size = 32 }: { size?: number }) {
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" className="logo__mark">
      <defs>
        <linearGradient id="logo-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#e8416f" />
          <stop offset="1" stopColor="#9c1f6b" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="18" fill="url(#logo-g)" />
      <path
        d="M32 50s-16-9.6-16-21.2C16 22.7 20.4 18 26 18c2.9 0 4.9 1.3 6 3.2 1.1-1.9 3.1-3.2 6-3.2 5.6 0 10 4.7 10 10.8C48 40.4 32 50 32 50z"
        fill="#fff"
      />
    </svg>
  );
}

/** The site's logo: our mark plus the site's own name (white label), on a phone read out only if asked. */
export function Logo({ name, nameHiddenOnPhone = false }: { name: string; nameHiddenOnPhone?: boolean }) {
  return (
    <Link to="/" className="logo">
      <HeartMark />
      <span className={`logo__name ${nameHiddenOnPhone ? 'visually-hidden-below-sm' : ''}`}>{name}</span>
    </Link>
  );
}
