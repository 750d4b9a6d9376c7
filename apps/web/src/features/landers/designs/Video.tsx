import type { LanderPageData } from '@amora/contracts';
import type { CSSProperties } from 'react';
import { useTranslation } from '../../../app/translation.ts';
import { Frame, LanderPage } from '../LanderPage.tsx';
import { Caption, Cta, LANDER_SIZES, MemberList, NicheCopy, Photo } from '../parts.tsx';
import './video.css';

/** Video: a live-looking stage where member photos crossfade (CSS, still under reduced motion). */
function Video({ data }: { data: LanderPageData }) {
  const { t } = useTranslation();
  const reel = data.members.slice(0, 6);
  return (
    <Frame kind="video" inner="video">
      <a href="/signup" className="video__stage" style={{ '--n': reel.length } as CSSProperties}>
        {reel.map((m, i) => (
          <span
            key={m.id}
            className="lander-reel__frame"
            style={{ '--i': i } as CSSProperties}
            aria-hidden={i > 0 ? true : undefined}
          >
            <Photo m={m} eager={i === 0} sizes={LANDER_SIZES.stage} />
            <Caption m={m} />
          </span>
        ))}
        <span className="video__live">{t('lander.video.live')}</span>
      </a>
      <div className="video__copy">
        <NicheCopy niche={data.niche} />
        <Cta />
        <MemberList
          members={data.members.slice(6, 12)}
          className="video__strip"
          label={t('lander.video.online')}
          sizes={LANDER_SIZES.strip}
        />
      </div>
    </Frame>
  );
}

export default function VideoLander() {
  return <LanderPage design={Video} />;
}
