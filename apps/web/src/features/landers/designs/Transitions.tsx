import type { LanderPageData } from '@amora/contracts';
import type { CSSProperties } from 'react';
import { useTranslation } from '../../../app/translation.ts';
import { LanderPage } from '../LanderPage.tsx';
import { Cta, LANDER_SIZES, MemberList, NicheCopy, Photo } from '../parts.tsx';
import './transitions.css';

/** Transitions video: a full-width slideshow of members with slow zooms and slides, text on top. */
function Transitions({ data }: { data: LanderPageData }) {
  const { t } = useTranslation();
  const reel = data.members.slice(0, 5);
  return (
    <section className="lander lander--transitions" style={{ '--n': reel.length } as CSSProperties}>
      <div className="transitions__reel" aria-hidden="true">
        {reel.map((m, i) => (
          <div key={m.id} className="lander-reel__frame" style={{ '--i': i } as CSSProperties}>
            <Photo m={m} eager={i === 0} sizes={LANDER_SIZES.slide} />
          </div>
        ))}
      </div>
      <div className="container transitions__copy">
        <p className="lander__eyebrow">{t('lander.transitions.eyebrow')}</p>
        <NicheCopy niche={data.niche} />
        <Cta />
      </div>
      <div className="container">
        <MemberList members={reel} className="transitions__names" sizes={LANDER_SIZES.names} />
      </div>
    </section>
  );
}

export default function TransitionsLander() {
  return <LanderPage design={Transitions} />;
}
