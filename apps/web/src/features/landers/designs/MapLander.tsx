import type { LanderPageData, SearchCard } from '@amora/contracts';
import { useFormat } from '../../../app/i18n.ts';
import { useTranslation } from '../../../app/translation.ts';
import { Frame, LanderPage } from '../LanderPage.tsx';
import { Cta, LANDER_SIZES, MemberList, NicheCopy } from '../parts.tsx';
import './map.css';

/** Map: the visitor's country drawn from our region list, members pinned to their cities. */
function MapLander({ data }: { data: LanderPageData }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const map = data.map;
  const country = map
    ? (new Intl.DisplayNames([fmt.locale], { type: 'region' }).of(map.country) ?? map.country)
    : '';
  const byId = new Map(data.members.map((m) => [m.id, m]));
  const pinned = map ? map.pins.map((p) => byId.get(p.id)).filter((m): m is SearchCard => !!m) : [];
  const list = pinned.length ? pinned : data.members;
  return (
    <Frame kind="map" inner="maplander">
      <div className="maplander__copy">
        <p className="lander__eyebrow">{t('lander.map.eyebrow')}</p>
        <NicheCopy niche={data.niche} />
        <Cta />
      </div>
      {map ? (
        <figure className="maplander__map">
          <svg viewBox={`0 0 ${map.width} ${map.height}`}>
            <title>{t('lander.map.label', { country })}</title>
            {map.places.map((p) => (
              <circle key={`${p.city}-${p.x}-${p.y}`} cx={p.x} cy={p.y} r={7} className="map__place" />
            ))}
            {map.pins.map((p) => (
              <a key={p.id} href={`/signup?member=${p.id}`} className="map__pin">
                <title>{byId.get(p.id)?.name}</title>
                <circle cx={p.x} cy={p.y} r={22} className="map__pulse" />
                <circle cx={p.x} cy={p.y} r={11} />
              </a>
            ))}
          </svg>
          <figcaption>{t('lander.map.caption', { country })}</figcaption>
        </figure>
      ) : null}
      <div className="maplander__list">
        <h2 className="lander__h2">{t('lander.map.near')}</h2>
        <MemberList members={list.slice(0, 8)} linkClass="maplander__row" sizes={LANDER_SIZES.map} />
      </div>
    </Frame>
  );
}

export default function MapLanderPage() {
  return <LanderPage design={MapLander} />;
}
