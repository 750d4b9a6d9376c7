import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from '../../app/translation.ts';
import { groupByDay, type LocalMessage } from '../../entities/chat/logic.ts';
import { AlertIcon, LockIcon } from '../../ui/icons.tsx';
import { MessageBody } from './MessageBody.tsx';
import { ScamWarning } from './ScamWarning.tsx';
import { useChatTimes } from './useChatTimes.ts';
import './messages.css';

/** The id of my last sent message the partner has read up to `readId`, if any (the read mark). */
export function lastReadOfMine(messages: LocalMessage[], readId: number | null): number | null {
  if (!readId) return null;
  let mark: number | null = null;
  for (const m of messages) if (m.mine && m.kind !== 'system' && !m.status && m.id <= readId) mark = m.id;
  return mark;
}

/** The conversation's log: messages by day, each failed one of mine with its retry and discard. */
export function MessageList({
  messages,
  partnerName,
  olderHidden,
  readId,
  onRetry,
  onDiscard,
  onOpenPhoto,
}: {
  messages: LocalMessage[];
  partnerName: string;
  olderHidden: boolean;
  /** The last message the partner has read (null: read receipts hidden, or nothing read). */
  readId: number | null;
  onRetry: (m: LocalMessage) => void;
  onDiscard: (m: LocalMessage) => void;
  onOpenPhoto: (photo: { url: string; alt: string }) => void;
}) {
  const { t } = useTranslation();
  const fmt = useChatTimes();
  const ref = useRef<HTMLDivElement>(null);
  const last = messages[messages.length - 1];
  const readMark = lastReadOfMine(messages, readId);
  // Auto-scroll to the newest: always for my own messages and the first paint, else when already near the end.
  const first = useRef(true);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !last) return;
    const nearEnd = el.scrollHeight - el.scrollTop - el.clientHeight < 160;
    if (first.current || last.mine || nearEnd) el.scrollTop = el.scrollHeight;
    first.current = false;
  }, [last]);
  return (
    <div
      ref={ref}
      className="chat-log"
      role="log"
      aria-live="polite"
      aria-label={t('chat.logLabel', { name: partnerName })}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls; keyboard users need to reach it
      tabIndex={0}
    >
      {olderHidden ? (
        <p className="chat-older muted">
          <LockIcon size={14} />
          {t('chat.olderHidden')}
        </p>
      ) : null}
      {groupByDay(messages, fmt.zone).map((g) => (
        <section key={g.day} className="chat-day" aria-label={fmt.day(g.day)}>
          <p className="chat-day__label" aria-hidden="true">
            <span>{fmt.day(g.day)}</span>
          </p>
          {g.messages.map((m) => (
            <div
              key={`${m.sender_id}:${m.client_id}`}
              className={`bubble ${m.kind === 'system' ? 'bubble--system' : m.mine ? 'bubble--mine' : 'bubble--theirs'} ${m.status ? `bubble--${m.status}` : ''}`}
            >
              <span className="visually-hidden">
                {m.mine ? t('chat.youSaid') : t('chat.theySaid', { name: partnerName })}
              </span>
              <MessageBody message={m} partnerName={partnerName} onOpenPhoto={onOpenPhoto} />
              {m.warning && !m.mine ? (
                <ScamWarning
                  kind={m.warning}
                  partnerId={m.sender_id}
                  partnerName={partnerName}
                  body={m.body}
                />
              ) : null}
              <span className="bubble__meta">
                {m.status === 'sending'
                  ? t('chat.sending')
                  : m.status === 'failed'
                    ? null
                    : fmt.time(m.created_at)}
              </span>
              {m.id === readMark ? <span className="bubble__read">{t('chat.read')}</span> : null}
              {m.status === 'failed' ? (
                <span className="bubble__failed">
                  <AlertIcon size={14} />
                  {m.error || t('chat.notSent')}
                  <button type="button" className="bubble__retry" onClick={() => onRetry(m)}>
                    {t('chat.retry')}
                  </button>
                  <button type="button" className="bubble__retry" onClick={() => onDiscard(m)}>
                    {t('chat.discard')}
                  </button>
                </span>
              ) : null}
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}
