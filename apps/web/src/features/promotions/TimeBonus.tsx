import './time-bonus.css';
import { WELCOME_BANNER_COOKIE, WELCOME_BANNER_COOKIE_MAX_AGE_S } from '@amora/contracts/rules';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useSettings, useUser } from '../../api/queries.ts';
import { dismiss, dismissedAt, rememberInCookie } from '../../app/dismissals.ts';
import { useTranslation } from '../../app/translation.ts';
import { type TimeBonus as Bonus, useTimeBonus } from '../../entities/promotions/useTimeBonus.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { SparklesIcon } from '../../ui/icons.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { isMembersArea, modalDueAt, showTimeBonusModal } from './rules.ts';

/** Where both lead: the packages priced with the code. */
export const creditsWithCode = (code: string) => `/credits?code=${encodeURIComponent(code)}`;

/**
 * When this tab first entered the members area: the modal's 40 s count from there, across
 * layouts (/chats has its own) and pages, not from each page.
 */
let enteredAt: number | null = null;

/**
 * The banner names the code and always leads to the packages priced with it (on /credits too);
 * a slim strip that can be put away (the countdown and the modal stay the offer's reminders).
 */
function WelcomeBanner({ bonus }: { bonus: Bonus }) {
  const { t } = useTranslation();
  const settings = useSettings();
  // Put away in a cookie the server reads, so the next page's HTML leaves the strip out.
  const [putAwayNow, setPutAway] = useState(false);
  const putAway = () => {
    rememberInCookie(WELCOME_BANNER_COOKIE, WELCOME_BANNER_COOKIE_MAX_AGE_S);
    setPutAway(true);
  };
  if (settings.welcome_banner_dismissed || putAwayNow) return null;
  return (
    <Banner
      tone="bonus"
      titleId="time-bonus-title"
      icon={SparklesIcon}
      title={t('promotions.welcome.title', { percentage: bonus.percentage })}
      onDismiss={putAway}
      actions={
        <ButtonLink to={creditsWithCode(bonus.code)} size="sm" variant="light">
          {t('promotions.welcome.claim', { percentage: bonus.percentage })}
        </ButtonLink>
      }
    >
      <p className="time-bonus__meta">
        {/* The server's render counted from its own clock: the browser's second may differ. */}
        <span className="time-bonus__hurry" role="timer" suppressHydrationWarning>
          {t('promotions.welcome.hurry', { timeLeft: bonus.timeLeft })}
        </span>{' '}
        <span className="time-bonus__code">{t('promotions.welcome.codeLine', { code: bonus.code })}</span>
      </p>
    </Banner>
  );
}

function TimeBonusModal({ bonus, onClose }: { bonus: Bonus; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      size="sm"
      className="time-bonus-modal"
      title={t('promotions.welcome.title', { percentage: bonus.percentage })}
      onClose={onClose}
    >
      <p className="time-bonus-modal__badge" aria-hidden="true">
        −{bonus.percentage}%
      </p>
      <p className="time-bonus-modal__hurry" role="timer" suppressHydrationWarning>
        {t('promotions.welcome.hurry', { timeLeft: bonus.timeLeft })}
      </p>
      <p className="time-bonus-modal__text">
        {t('promotions.welcome.modalText', { percentage: bonus.percentage, code: bonus.code })}
      </p>
      <div className="modal__actions">
        <ButtonLink to={creditsWithCode(bonus.code)} size="lg" block onClick={onClose}>
          {t('promotions.welcome.claim', { percentage: bonus.percentage })}
        </ButtonLink>
        <Button variant="ghost" block onClick={onClose}>
          {t('promotions.welcome.notNow')}
        </Button>
      </div>
    </Modal>
  );
}

/**
 * The welcome time bonus in the default layout (spec §2, §4): the welcome-bonus banner with its
 * countdown for a member who has not paid, and the time-bonus modal 40 s after entering the
 * members area for a member with 0 credits who has not dismissed it (remembered with a
 * timestamp). Both lead to /credits with the code, where the prices include it. The strip is in
 * the server's HTML (ssr.ts puts the code in the page), so it never arrives late and moves the page;
 * from then on the countdown is the browser's clock against the server's deadline.
 */
export default function TimeBonus() {
  const user = useUser();
  const bonus = useTimeBonus();
  const { pathname } = useLocation();
  const onMembersArea = isMembersArea(pathname);
  const [due, setDue] = useState(false);
  const [dismissed, setDismissed] = useState(() => dismissedAt('timeBonusModal') !== null);
  const pending = !!bonus && !due && !dismissed && user?.credits === 0;
  useEffect(() => {
    if (onMembersArea && enteredAt === null) enteredAt = Date.now();
  }, [onMembersArea]);
  useEffect(() => {
    if (!pending) return;
    if (onMembersArea && enteredAt === null) enteredAt = Date.now();
    if (enteredAt === null) return;
    const timer = setTimeout(() => setDue(true), Math.max(0, modalDueAt(enteredAt) - Date.now()));
    return () => clearTimeout(timer);
  }, [pending, onMembersArea]);

  if (!bonus || !user) return null;
  const open = showTimeBonusModal({
    bonus: true,
    credits: user.credits,
    dismissed,
    onMembersArea,
    due,
  });
  return (
    <>
      <WelcomeBanner bonus={bonus} />
      {open ? (
        <TimeBonusModal
          bonus={bonus}
          onClose={() => {
            dismiss('timeBonusModal');
            setDismissed(true);
          }}
        />
      ) : null}
    </>
  );
}
