import type { LanderPageData, SearchCard } from '@amora/contracts';
import { type ComponentType, type CSSProperties, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../api/queries.ts';
import { Head } from '../../app/head.tsx';
import { useFormat } from '../../app/i18n.ts';
import { ErrorView } from '../../pages/ErrorView.tsx';
import { useLanderData } from './data.ts';
import { Caption, Cta, LANDER_SIZES, MemberLink, NicheCopy, Photo } from './parts.tsx';
import './landers.css';

type Design = ComponentType<{ data: LanderPageData }>;

/** The members-online line under a lander's headline. */
function Total({ total }: { total: number }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <p className="lander__total">
      <span className="pulse" aria-hidden="true" />
      {t('home.membersTotal', { count: total, formatted: fmt.number(total) })}
    </p>
  );
}

/** Alone tonight: a night sky, the question, and who else is awake. */
function AloneTonight({ data }: { data: LanderPageData }) {
  const { t } = useTranslation();
  const awake = data.members.slice(0, 6);
  return (
    <section className="lander lander--night">
      <div className="night__sky" aria-hidden="true">
        <span className="night__moon" />
      </div>
      <div className="container lander__narrow">
        <p className="lander__eyebrow">{t('lander.alone.eyebrow')}</p>
        <NicheCopy niche={data.niche} />
        <p className="night__line">{t('lander.alone.text')}</p>
        <ul className="night__faces" aria-label={t('lander.alone.awake')}>
          {awake.map((m, i) => (
            <li key={m.id}>
              <MemberLink m={m} eager={i < 3} className="night__face" sizes={LANDER_SIZES.night} />
            </li>
          ))}
        </ul>
        <Cta>{t('lander.alone.cta')}</Cta>
        <Total total={data.total} />
      </div>
    </section>
  );
}

/** Collage: the site's faces, pinned up at slight angles around the headline. */
function Collage({ data }: { data: LanderPageData }) {
  const { t } = useTranslation();
  const s = useSettings();
  return (
    <section className="lander lander--collage">
      <div className="container collage">
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
      </div>
    </section>
  );
}

/** Gallery: a photo gallery of members, captioned, every picture a way in. */
function Gallery({ data }: { data: LanderPageData }) {
  const { t } = useTranslation();
  return (
    <section className="lander lander--gallery">
      <div className="container">
        <div className="lander__head">
          <NicheCopy niche={data.niche} />
          <Cta />
        </div>
        <h2 className="lander__h2">{t('lander.gallery.title')}</h2>
        <ul className="gallery">
          {data.members.map((m, i) => (
            <li key={m.id}>
              <MemberLink
                m={m}
                eager={i < 4}
                className="gallery__item"
                sizes={i % 5 === 0 ? LANDER_SIZES.galleryLarge : LANDER_SIZES.gallery}
              />
            </li>
          ))}
        </ul>
        <Cta>{t('lander.gallery.more')}</Cta>
      </div>
    </section>
  );
}

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
    <section className="lander lander--icons">
      <div className="container lander__narrow">
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
      </div>
    </section>
  );
}

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
    <section className="lander lander--map">
      <div className="container maplander">
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
          <ul>
            {list.slice(0, 8).map((m) => (
              <li key={m.id}>
                <MemberLink m={m} className="maplander__row" sizes={LANDER_SIZES.map} />
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

/** Social network: a feed of members' posts, with likes and comments that need an account. */
function Social({ data }: { data: LanderPageData }) {
  const { t } = useTranslation();
  const s = useSettings();
  return (
    <section className="lander lander--social">
      <div className="container social">
        <aside className="social__side">
          <NicheCopy niche={data.niche} as="h1" />
          <Cta />
        </aside>
        <div className="social__feed">
          <h2 className="lander__h2">{t('lander.social.title', { siteName: s.name })}</h2>
          {data.members.slice(0, 8).map((m, i) => (
            <article key={m.id} className="post card">
              <header className="post__head">
                <span className="post__avatar">
                  <Photo m={m} eager={i < 2} sizes={LANDER_SIZES.avatar} />
                </span>
                <Caption m={m} />
                <span className="post__when">{t(`member.activity.${m.activity}`)}</span>
              </header>
              <a href={`/signup?member=${m.id}`} className="post__photo">
                <Photo m={m} eager={i < 2} sizes={LANDER_SIZES.post} />
                <span className="visually-hidden">{t('lander.social.photo', { name: m.name })}</span>
              </a>
              <footer className="post__actions">
                <a href={`/signup?member=${m.id}`}>{t('lander.social.like')}</a>
                <a href={`/signup?member=${m.id}`}>{t('lander.social.comment')}</a>
                <a href={`/signup?member=${m.id}`}>{t('lander.social.message')}</a>
              </footer>
            </article>
          ))}
          <Cta />
        </div>
      </div>
    </section>
  );
}

/** Video: a live-looking stage where member photos crossfade (CSS, still under reduced motion). */
function Video({ data }: { data: LanderPageData }) {
  const { t } = useTranslation();
  const reel = data.members.slice(0, 6);
  return (
    <section className="lander lander--video">
      <div className="container video">
        <a href="/signup" className="video__stage" style={{ '--n': reel.length } as CSSProperties}>
          {reel.map((m, i) => (
            <span
              key={m.id}
              className="video__frame"
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
          <ul className="video__strip" aria-label={t('lander.video.online')}>
            {data.members.slice(6, 12).map((m) => (
              <li key={m.id}>
                <MemberLink m={m} sizes={LANDER_SIZES.strip} />
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

/** Transitions video: a full-width slideshow of members with slow zooms and slides, text on top. */
function Transitions({ data }: { data: LanderPageData }) {
  const { t } = useTranslation();
  const reel = data.members.slice(0, 5);
  return (
    <section className="lander lander--transitions" style={{ '--n': reel.length } as CSSProperties}>
      <div className="transitions__reel" aria-hidden="true">
        {reel.map((m, i) => (
          <div key={m.id} className="transitions__slide" style={{ '--i': i } as CSSProperties}>
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
        <ul className="transitions__names">
          {reel.map((m) => (
            <li key={m.id}>
              <MemberLink m={m} sizes={LANDER_SIZES.names} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/**
 * Swipe deck: without JavaScript a row of cards with Like and Pass links to signup; once
 * hydrated the cards stack and swipe (drag or the buttons), and the last one asks to sign up.
 */
function Swipe({ data }: { data: LanderPageData }) {
  const { t } = useTranslation();
  const deck = data.members.slice(0, 10);
  const [live, setLive] = useState(false);
  const [gone, setGone] = useState<Record<string, 'like' | 'pass'>>({});
  const [drag, setDrag] = useState<{ id: string; x0: number; dx: number } | null>(null);
  useEffect(() => setLive(true), []);
  const left = deck.filter((m) => !gone[m.id]);
  const top = left[0];
  const decide = (id: string, d: 'like' | 'pass') => setGone((g) => ({ ...g, [id]: d }));
  return (
    <section className="lander lander--swipe">
      <div className="container swipe">
        <div className="swipe__copy">
          <NicheCopy niche={data.niche} />
          <p className="lander__note">{t('lander.swipe.hint')}</p>
        </div>
        <div className={`deck ${live ? 'deck--live' : ''}`}>
          <ul className="deck__cards">
            {deck.map((m, i) => {
              const out = gone[m.id];
              const dx = drag?.id === m.id ? drag.dx : 0;
              const depth = left.indexOf(m);
              return (
                <li
                  key={m.id}
                  className={`deck__card ${out ? `deck__card--${out}` : ''}`}
                  style={
                    live
                      ? ({
                          '--depth': Math.max(depth, 0),
                          '--dx': `${dx}px`,
                          zIndex: deck.length - i,
                        } as CSSProperties)
                      : undefined
                  }
                  aria-hidden={live && m !== top ? true : undefined}
                  onPointerDown={(e) => {
                    if (m !== top || (e.target as HTMLElement).closest('a')) return;
                    e.currentTarget.setPointerCapture(e.pointerId);
                    setDrag({ id: m.id, x0: e.clientX, dx: 0 });
                  }}
                  onPointerMove={(e) => {
                    if (drag?.id === m.id) setDrag({ ...drag, dx: e.clientX - drag.x0 });
                  }}
                  onPointerUp={() => {
                    if (drag?.id !== m.id) return;
                    if (Math.abs(drag.dx) > 90) decide(m.id, drag.dx > 0 ? 'like' : 'pass');
                    setDrag(null);
                  }}
                  onPointerCancel={() => setDrag(null)}
                >
                  <Photo m={m} eager={i < 2} className="deck__photo" sizes={LANDER_SIZES.deck} />
                  <Caption m={m} />
                  <div className="deck__buttons">
                    <a
                      href={`/signup?member=${m.id}`}
                      className="deck__btn deck__btn--pass"
                      tabIndex={live && m !== top ? -1 : undefined}
                      onClick={(e) => {
                        if (!live) return;
                        e.preventDefault();
                        decide(m.id, 'pass');
                      }}
                    >
                      {t('lander.swipe.pass')}
                    </a>
                    <a
                      href={`/signup?member=${m.id}`}
                      className="deck__btn deck__btn--like"
                      tabIndex={live && m !== top ? -1 : undefined}
                      onClick={(e) => {
                        if (!live) return;
                        e.preventDefault();
                        decide(m.id, 'like');
                      }}
                    >
                      {t('lander.swipe.like')}
                    </a>
                  </div>
                </li>
              );
            })}
          </ul>
          {live && !top ? (
            <div className="deck__end" role="status">
              <p>{t('lander.swipe.end')}</p>
            </div>
          ) : null}
        </div>
        <Cta>{t('lander.swipe.cta')}</Cta>
      </div>
    </section>
  );
}

const DESIGNS: Record<string, Design> = {
  alonetonight: AloneTonight,
  collagelanding: Collage,
  gallery: Gallery,
  iconslanding: Icons,
  maplanding: MapLander,
  socialnetwork: Social,
  transitionsvideolanding: Transitions,
  video: Video,
  tinderswipe: Swipe,
};

/** The nine landers of spec §2: one page, a design per lander, data from the boot state. */
export default function LanderPage() {
  const { t } = useTranslation();
  const s = useSettings();
  const data = useLanderData();
  const Design = data ? DESIGNS[data.design] : undefined;
  if (!data || !Design) return <ErrorView status={404} />;
  return (
    <>
      <Head
        title={`${t(`lander.niche.${data.niche}.title`, { siteName: s.name })} · ${s.name}`}
        description={t(`lander.niche.${data.niche}.text`, { siteName: s.name })}
        canonical={data.canonical}
      />
      <Design data={data} />
    </>
  );
}
