import type { LanderPageData } from '@amora/contracts';
import { useSettings } from '../../../api/queries.ts';
import { useTranslation } from '../../../app/translation.ts';
import { Frame, LanderPage, Total } from '../LanderPage.tsx';
import { Cta, LANDER_SIZES, MemberLink, NicheCopy } from '../parts.tsx';
import './collage.css';

/** Collage: the site's faces, pinned up at slight angles around the headline. */
function Collage({ data }: { data: LanderPageData }) {
  const { t } = useTranslation();
  const s = useSettings();
  return (
    <Frame kind="collage" inner="collage">
      <div className="collage__copy">
        <NicheCopy niche={data.niche} />
        <Cta />
        <Total total={data.total} />
      </div>
      <ul className="collage__wall" aria-label={t('lander.collage.title', { siteName: s.name })}>
        {data.members.slice(0, 9).map((m, i) => (
          <li key={m.id} className={`collage__item collage__item--${i}`}>
            <MemberLink
              m={m}
              eager={i < 4}
              sizes={i === 4 ? LANDER_SIZES.collageTall : LANDER_SIZES.collage}
            />
          </li>
        ))}
      </ul>
    </Frame>
  );
}

export default function CollageLander() {
  return <LanderPage design={Collage} />;
}
