import type { SearchCard } from '@amora/contracts';
import { type CSSProperties, type PointerEvent, useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../app/translation.ts';
import { placeLine } from '../../entities/member/places.ts';
import { FictionalMark } from '../../ui/FictionalWarning.tsx';
import { PinIcon, UserIcon } from '../../ui/icons.tsx';
import { photoAttrs, SIZES } from '../../ui/photo.ts';
import { dragProgress, dragRotation, isDrag, type SwipeChoice, swipeDecision } from './swipe-logic.ts';
import '../../ui/member-tile.css';
import './swipe-card.css';

/** Where a card's photo and words are the same on the top card, the cards under it and a leaving card. */
function CardFace({
  card,
  linked,
  nameId,
  hintId,
}: {
  card: SearchCard;
  linked: boolean;
  nameId?: string;
  hintId?: string;
}) {
  const { t } = useTranslation();
  const place = placeLine([card.city, card.region]);
  const body = (
    <>
      {card.main_image ? (
        <img
          {...photoAttrs(card.main_image, SIZES.swipe)}
          alt=""
          // The top card's photo is the page's largest paint: fetched before the cards' below it.
          fetchPriority={linked ? 'high' : undefined}
          width={480}
          height={600}
          draggable={false}
        />
      ) : (
        <span className="no-photo" aria-hidden="true">
          <UserIcon size={72} />
        </span>
      )}
      <span className="swipe-card__caption">
        <span className="swipe-card__title" id={nameId}>
          <strong className="swipe-card__name">{card.name}</strong>
          <span className="swipe-card__age" aria-hidden="true">
            {card.age}
          </span>
          <span className="visually-hidden">{t('common.yearsOld', { count: card.age })}</span>
        </span>
        {place ? (
          <span className="swipe-card__place">
            <PinIcon size={16} />
            {place}
          </span>
        ) : null}
        {linked ? <span className="swipe-card__more">{t('swipe.viewProfile')}</span> : null}
      </span>
      {/* After the name in reading order; placed in the photo's corners. */}
      {card.activity === 'online' ? (
        <span className="swipe-card__online">
          <span className="activity-dot activity-dot--online" aria-hidden="true" />
          {t('member.activity.online')}
        </span>
      ) : null}
      {card.fictional ? <FictionalMark className="member-tile__fictional" /> : null}
    </>
  );
  return linked ? (
    <Link to={`/members/${card.id}`} className="swipe-card__face" draggable={false} aria-describedby={hintId}>
      {body}
    </Link>
  ) : (
    <span className="swipe-card__face">{body}</span>
  );
}

/** A card under the top one: the next members, already loading their photos. */
export function UnderCard({ card, depth }: { card: SearchCard; depth: 1 | 2 }) {
  return (
    <div className={`swipe-card swipe-card--under swipe-card--depth-${depth}`} aria-hidden="true" inert>
      <CardFace card={card} linked={false} />
    </div>
  );
}

/** A decided card flying off to its side; it removes itself when its animation ends. */
export function LeavingCard({
  card,
  choice,
  dx,
  onDone,
}: {
  card: SearchCard;
  choice: SwipeChoice;
  dx: number;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const style = { '--dx': `${dx}px`, '--rot': `${dragRotation(dx)}deg` } as CSSProperties;
  return (
    <div
      className={`swipe-card swipe-card--leaving swipe-card--out-${choice}`}
      style={style}
      aria-hidden="true"
      inert
      onAnimationEnd={(e) => {
        if (e.target === e.currentTarget) onDone();
      }}
    >
      <CardFace card={card} linked={false} />
      <span className={`swipe-card__stamp swipe-card__stamp--${choice}`}>
        {choice === 'like' ? t('swipe.stampLike') : t('swipe.stampPass')}
      </span>
    </div>
  );
}

interface DragState {
  pointerId: number;
  x: number;
  y: number;
  dx: number;
  dragging: boolean;
  /** The last two samples, for the speed at release. */
  lastX: number;
  lastT: number;
  velocity: number;
}

/**
 * The top card: it follows a finger or mouse sideways, shows its verdict as it goes, and is decided
 * when let go beyond the threshold (swipe-logic.ts); short of it, it snaps back. A press that did
 * not move is a click: the photo and name (one link, the card's focus stop) open the member's
 * page. The page handles the arrow keys while the card, its buttons or the page itself has focus.
 */
export function TopCard({
  card,
  hintId,
  autoFocus,
  onDecide,
}: {
  card: SearchCard;
  hintId: string;
  /** Takes the focus when it appears (the card before it had it: a keyboard user goes on). */
  autoFocus: boolean;
  onDecide: (choice: SwipeChoice, dx: number) => void;
}) {
  const { t } = useTranslation();
  const nameId = useId();
  const el = useRef<HTMLElement | null>(null);
  const drag = useRef<DragState | null>(null);
  const suppressClick = useRef(false);

  useEffect(() => {
    if (autoFocus) el.current?.querySelector<HTMLElement>('a')?.focus({ preventScroll: true });
  }, [autoFocus]);

  const setOffset = (dx: number) => {
    const node = el.current;
    if (!node) return;
    const width = node.offsetWidth;
    const p = dragProgress(dx, width);
    node.style.setProperty('--dx', `${dx}px`);
    node.style.setProperty('--rot', `${dragRotation(dx)}deg`);
    node.style.setProperty('--like', String(dx > 0 ? p : 0));
    node.style.setProperty('--pass', String(dx < 0 ? p : 0));
  };

  const release = (e: PointerEvent<HTMLElement>, cancelled: boolean) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    drag.current = null;
    const node = el.current;
    if (!d.dragging || !node) return;
    suppressClick.current = true;
    node.classList.remove('swipe-card--dragging');
    const choice = cancelled ? null : swipeDecision(d.dx, node.offsetWidth, d.velocity);
    if (choice) onDecide(choice, d.dx);
    else setOffset(0); // snaps back (the transition is on again)
  };

  return (
    <article
      ref={el}
      className="swipe-card swipe-card--top"
      aria-labelledby={nameId}
      onDragStart={(e) => e.preventDefault()}
      onPointerDown={(e) => {
        if (!e.isPrimary || (e.pointerType === 'mouse' && e.button !== 0)) return;
        suppressClick.current = false;
        drag.current = {
          pointerId: e.pointerId,
          x: e.clientX,
          y: e.clientY,
          dx: 0,
          dragging: false,
          lastX: e.clientX,
          lastT: e.timeStamp,
          velocity: 0,
        };
      }}
      onPointerMove={(e) => {
        const d = drag.current;
        if (!d || d.pointerId !== e.pointerId) return;
        const dx = e.clientX - d.x;
        if (!d.dragging) {
          if (!isDrag(dx, e.clientY - d.y)) return;
          d.dragging = true;
          // Captured only once it is a drag: a plain click must still reach the profile link.
          e.currentTarget.setPointerCapture(e.pointerId);
          e.currentTarget.classList.add('swipe-card--dragging');
        }
        const dt = e.timeStamp - d.lastT;
        if (dt > 0) d.velocity = (e.clientX - d.lastX) / dt;
        d.lastX = e.clientX;
        d.lastT = e.timeStamp;
        d.dx = dx;
        setOffset(dx);
      }}
      onPointerUp={(e) => release(e, false)}
      onPointerCancel={(e) => release(e, true)}
      onClickCapture={(e) => {
        // The click that ends a drag is no click on the photo.
        if (suppressClick.current) {
          suppressClick.current = false;
          e.preventDefault();
          e.stopPropagation();
        }
      }}
    >
      <CardFace card={card} linked nameId={nameId} hintId={hintId} />
      <span className="swipe-card__stamp swipe-card__stamp--like" aria-hidden="true">
        {t('swipe.stampLike')}
      </span>
      <span className="swipe-card__stamp swipe-card__stamp--pass" aria-hidden="true">
        {t('swipe.stampPass')}
      </span>
    </article>
  );
}
