import type { LanderPageData, SearchCard } from '@amora/contracts';
import { type CSSProperties, type PointerEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from '../../../app/translation.ts';
import { Frame, LanderPage } from '../LanderPage.tsx';
import { Caption, Cta, LANDER_SIZES, NicheCopy, Photo } from '../parts.tsx';
import './swipe.css';

type Verdict = 'like' | 'pass';

/**
 * The swipe deck's state: `live` once hydrated (before that the cards are a plain row of links),
 * the cards decided so far, and the top card's drag. `card` gives a card's verdict, its place in
 * the stack and its pointer handlers (only the top card drags; past 90 px it is decided).
 */
function useDeck(deck: SearchCard[]) {
  const [live, setLive] = useState(false);
  const [gone, setGone] = useState<Record<string, Verdict>>({});
  const [drag, setDrag] = useState<{ id: string; x0: number; dx: number } | null>(null);
  useEffect(() => setLive(true), []);
  const left = deck.filter((m) => !gone[m.id]);
  const top = left[0];
  const decide = (id: string, d: Verdict) => setGone((g) => ({ ...g, [id]: d }));
  const card = (m: SearchCard, i: number) => ({
    out: gone[m.id],
    style: live
      ? ({
          '--depth': Math.max(left.indexOf(m), 0),
          '--dx': `${drag?.id === m.id ? drag.dx : 0}px`,
          zIndex: deck.length - i,
        } as CSSProperties)
      : undefined,
    handlers: {
      onPointerDown: (e: PointerEvent<HTMLLIElement>) => {
        if (m !== top || (e.target as HTMLElement).closest('a')) return;
        e.currentTarget.setPointerCapture(e.pointerId);
        setDrag({ id: m.id, x0: e.clientX, dx: 0 });
      },
      onPointerMove: (e: PointerEvent<HTMLLIElement>) => {
        if (drag?.id === m.id) setDrag({ ...drag, dx: e.clientX - drag.x0 });
      },
      onPointerUp: () => {
        if (drag?.id !== m.id) return;
        if (Math.abs(drag.dx) > 90) decide(m.id, drag.dx > 0 ? 'like' : 'pass');
        setDrag(null);
      },
      onPointerCancel: () => setDrag(null),
    },
  });
  return { live, top, decide, card };
}

/**
 * Swipe deck: without JavaScript a row of cards with Like and Pass links to signup; once
 * hydrated the cards stack and swipe (drag or the buttons), and the last one asks to sign up.
 */
function Swipe({ data }: { data: LanderPageData }) {
  const { t } = useTranslation();
  const deck = data.members.slice(0, 10);
  const { live, top, decide, card } = useDeck(deck);
  return (
    <Frame kind="swipe" inner="swipe">
      <div className="swipe__copy">
        <NicheCopy niche={data.niche} />
        <p className="lander__note">{t('lander.swipe.hint')}</p>
      </div>
      <div className={`deck ${live ? 'deck--live' : ''}`}>
        <ul className="deck__cards">
          {deck.map((m, i) => {
            const { out, style, handlers } = card(m, i);
            const behind = live && m !== top;
            return (
              <li
                key={m.id}
                className={`deck__card ${out ? `deck__card--${out}` : ''}`}
                style={style}
                aria-hidden={behind ? true : undefined}
                {...handlers}
              >
                <Photo m={m} eager={i < 2} className="deck__photo" sizes={LANDER_SIZES.deck} />
                <Caption m={m} />
                <div className="deck__buttons">
                  <DeckButton m={m} verdict="pass" live={live} behind={behind} onDecide={decide}>
                    {t('lander.swipe.pass')}
                  </DeckButton>
                  <DeckButton m={m} verdict="like" live={live} behind={behind} onDecide={decide}>
                    {t('lander.swipe.like')}
                  </DeckButton>
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
    </Frame>
  );
}

/**
 * Like or Pass on a card: the card's verdict once live. Before that a link to signup: Like with
 * that member (the first message goes to them), Pass without anyone (issue 26 item 9: skipping a
 * member never leads to a message to them).
 */
function DeckButton({
  m,
  verdict,
  live,
  behind,
  onDecide,
  children,
}: {
  m: SearchCard;
  verdict: Verdict;
  live: boolean;
  behind: boolean;
  onDecide: (id: string, d: Verdict) => void;
  children: ReactNode;
}) {
  return (
    <a
      href={verdict === 'like' ? `/signup?member=${m.id}` : '/signup'}
      className={`deck__btn deck__btn--${verdict}`}
      tabIndex={behind ? -1 : undefined}
      onClick={(e) => {
        if (!live) return;
        e.preventDefault();
        onDecide(m.id, verdict);
      }}
    >
      {children}
    </a>
  );
}

export default function SwipeLander() {
  return <LanderPage design={Swipe} />;
}
