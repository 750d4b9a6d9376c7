import type { LanderPageData } from '@amora/contracts';
import { useTranslation } from '../../../app/translation.ts';
import { Frame, LanderPage } from '../LanderPage.tsx';
import { Caption, Cta, LANDER_SIZES, MemberLink, NicheCopy } from '../parts.tsx';
import './icons.css';

const FEATURE_ICONS = {
  chat: 'M5 6h14v9H9l-4 3.5V6z',
  heart:
    'M12 20s-7-4.3-7-9.6C5 7.4 7 5.5 9.4 5.5c1.3 0 2.1.6 2.6 1.4.5-.8 1.3-1.4 2.6-1.4C17 5.5 19 7.4 19 10.4 19 15.7 12 20 12 20z',
  shield: 'M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6l7-3z',
  spark: 'M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5L18 18M6 18l2.5-2.5M15.5 8.5L18 6',
} as const;

/** Icons: members as round icons around the headline, and what the site offers as icons. */
function Icons({ data }: { data: LanderPageData }) {
  const { t } = useTranslation();
  return (
    <Frame kind="icons" inner="lander__narrow">
      <ul className="icons__faces" aria-label={t('lander.icons.faces')}>
        {data.members.slice(0, 12).map((m, i) => (
          <li key={m.id}>
            <MemberLink m={m} eager={i < 6} className="icons__face" sizes={LANDER_SIZES.icons}>
              <span className="visually-hidden">
                <Caption m={m} />
              </span>
            </MemberLink>
          </li>
        ))}
      </ul>
      <NicheCopy niche={data.niche} />
      <ul className="icons__features">
        {(Object.keys(FEATURE_ICONS) as (keyof typeof FEATURE_ICONS)[]).map((k) => (
          <li key={k}>
            <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
              <path
                d={FEATURE_ICONS[k]}
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <span>{t(`lander.icons.${k}`)}</span>
          </li>
        ))}
      </ul>
      <Cta />
    </Frame>
  );
}

export default function IconsLander() {
  return <LanderPage design={Icons} />;
}
