import type { LanderPageData } from '@amora/contracts';
import { useTranslation } from '../../../app/translation.ts';
import { LanderPage, Total } from '../LanderPage.tsx';
import { Cta, LANDER_SIZES, MemberList, NicheCopy } from '../parts.tsx';
import './alone-tonight.css';

/** Alone tonight: a night sky, the question, and who else is awake. */
function AloneTonight({ data }: { data: LanderPageData }) {
  const { t } = useTranslation();
  return (
    <section className="lander lander--night">
      <div className="night__sky" aria-hidden="true">
        <span className="night__moon" />
      </div>
      <div className="container lander__narrow">
        <p className="lander__eyebrow">{t('lander.alone.eyebrow')}</p>
        <NicheCopy niche={data.niche} />
        <p className="night__line">{t('lander.alone.text')}</p>
        <MemberList
          members={data.members.slice(0, 6)}
          className="night__faces"
          label={t('lander.alone.awake')}
          linkClass="night__face"
          eager={3}
          sizes={LANDER_SIZES.night}
        />
        <Cta>{t('lander.alone.cta')}</Cta>
        <Total total={data.total} />
      </div>
    </section>
  );
}

export default function AloneTonightLander() {
  return <LanderPage design={AloneTonight} />;
}
