import type { LanderPageData } from '@amora/contracts';
import { useTranslation } from '../../../app/translation.ts';
import { Frame, LanderPage } from '../LanderPage.tsx';
import { Cta, LANDER_SIZES, MemberList, NicheCopy } from '../parts.tsx';
import './gallery.css';

/** Gallery: a photo gallery of members, captioned, every picture a way in. */
function Gallery({ data }: { data: LanderPageData }) {
  const { t } = useTranslation();
  return (
    <Frame kind="gallery">
      <div className="lander__head">
        <NicheCopy niche={data.niche} />
        <Cta />
      </div>
      <h2 className="lander__h2">{t('lander.gallery.title')}</h2>
      <MemberList
        members={data.members}
        className="gallery"
        linkClass="gallery__item"
        eager={4}
        sizes={(i) => (i % 5 === 0 ? LANDER_SIZES.galleryLarge : LANDER_SIZES.gallery)}
      />
      <Cta>{t('lander.gallery.more')}</Cta>
    </Frame>
  );
}

export default function GalleryLander() {
  return <LanderPage design={Gallery} />;
}
