import { messageCost } from '@amora/contracts/rules';
import type { KeyboardEvent, ReactNode, Ref } from 'react';
import { useId } from 'react';
import { Link } from 'react-router';
import { useSettings, useUser } from '../../api/queries.ts';
import { useTranslation } from '../../app/translation.ts';
import { Button } from '../../ui/Button.tsx';
import './composer.css';

/**
 * The message composer: Enter sends, Shift+Enter starts a new line; the site's length limit; the
 * price shown before sending, which is what the server charges: the free messages the server says
 * are left, else messageCost (contracts/rules) of the site's settings and the member's country,
 * the very function and inputs the chat service charges with; and the member's balance. A member
 * whose balance does not cover the next message is told so before sending (issue 26 item 8): the
 * line says so with the way to credits, and Send opens the out-of-credits dialog (`onShort`)
 * instead of sending a message bound to fail; the text stays. The server still decides.
 */
export function Composer({
  value,
  onChange,
  onSend,
  onShort,
  tools,
  ref,
}: {
  value: string;
  onChange: (v: string) => void;
  onSend: () => void;
  /** Send pressed without the credits for a message. */
  onShort: () => void;
  /** The gift and photo buttons, before the text field. */
  tools?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
}) {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  const id = useId();
  const max = settings.message_length;
  const cost = messageCost(settings, user?.profile.country ?? '');
  const freeLeft = user?.free_messages_left ?? 0;
  const short = !!user && freeLeft === 0 && cost > user.credits;
  const go = () => (short ? onShort() : onSend());
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      if (value.trim()) go();
    }
  };
  const near = value.length >= max * 0.8;
  return (
    <form
      className="composer"
      onSubmit={(e) => {
        e.preventDefault();
        go();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {t('chat.composer.label')}
      </label>
      <div className="composer__row">
        {tools}
        <textarea
          ref={ref}
          id={id}
          className="composer__input"
          rows={2}
          maxLength={max}
          value={value}
          placeholder={t('chat.composer.placeholder')}
          aria-describedby={`${id}-price`}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" disabled={!value.trim()}>
          {t('chat.composer.send')}
        </Button>
      </div>
      <p className="composer__meta">
        <span id={`${id}-price`} className={short ? 'composer__short' : undefined}>
          {short ? (
            <>
              {t('chat.composer.noCredits')} <Link to="/credits">{t('chat.noCredits.buy')}</Link>
              {' · '}
            </>
          ) : null}
          {freeLeft > 0
            ? t('chatPrice.freeLeft', { count: freeLeft })
            : cost > 0
              ? t('chat.composer.price', { count: cost })
              : t('chat.composer.free')}
          {user ? ` · ${t('chat.composer.balance', { count: user.credits })}` : ''}
        </span>
        <span className={`composer__count ${near ? 'composer__count--near' : ''}`} aria-live="polite">
          {near ? t('chat.composer.count', { count: value.length, max }) : null}
        </span>
      </p>
    </form>
  );
}
