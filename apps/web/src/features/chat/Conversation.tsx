import type { GiftId, User } from '@amora/contracts';
import { isoTag, type Locale } from '@amora/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError, errorText } from '../../api/client.ts';
import { userKey, useUser } from '../../api/queries.ts';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { FictionalMark, FictionalWarning } from '../../ui/FictionalWarning.tsx';
import { AlertIcon, ArrowLeftIcon, LockIcon, TrashIcon } from '../../ui/icons.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { AttachmentButtons, GiftPicker, PhotoConfirm } from './Attachments.tsx';
import { Avatar } from './Avatar.tsx';
import { chatsKey, deleteChat, markRead, messagesKey, type Outgoing, sendMessage } from './api.ts';
import { Composer } from './Composer.tsx';
import { GiftArt } from './GiftArt.tsx';
import { Icebreaker, useIcebreakerOffer } from './Icebreaker.tsx';
import { browserStore, forgetUnsent, keepUnsent, keptBack, readKept, useKeptDraft } from './kept.ts';
import {
  groupByDay,
  isPending,
  type LocalMessage,
  mergeMessages,
  newClientId,
  relativeDay,
  systemNoteText,
  upsertLocal,
} from './logic.ts';
import { sendingHere, useMessages, useOlderHidden, withoutChat, zeroUnread } from './queries.ts';

export interface Partner {
  id: string;
  name: string;
  main_image: string | null;
  fictional: boolean;
  /** False while their e-mail is not confirmed: nobody can reply to them yet. */
  confirmed?: boolean;
}

/** Placeholder ids of messages not stored yet (negative, in the order they were written). */
let pendingSeq = 0;

type Alert = { kind: 'credits' | 'premium'; message: string } | null;

/** Remove chat (spec §4): gone from the list at once, then the delete; on failure an alert and a reload. */
function RemoveChat({ conversationId, name }: { conversationId: string; name: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const user = useUser();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const remove = () => {
    const key = chatsKey(user?.id ?? '');
    setConfirming(false);
    client.setQueryData(key, (d: Parameters<typeof withoutChat>[0]) => withoutChat(d, conversationId));
    void navigate('/chats', { replace: true });
    deleteChat(conversationId).catch((err: unknown) => {
      window.alert(errorText(err, t));
      void client.invalidateQueries({ queryKey: key });
    });
  };
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
        <TrashIcon size={18} />
        <span className="chat-header__action-label">{t('chat.remove')}</span>
      </Button>
      <Modal
        open={confirming}
        size="sm"
        title={t('chat.removeTitle', { name })}
        closeLabel={t('common.close')}
        onClose={() => setConfirming(false)}
      >
        <p>{t('chat.removeText', { name })}</p>
        <div className="modal__actions">
          <Button variant="danger" size="lg" block onClick={remove}>
            {t('chat.removeConfirm')}
          </Button>
          <Button variant="ghost" block autoFocus onClick={() => setConfirming(false)}>
            {t('member.cancel')}
          </Button>
        </div>
      </Modal>
    </>
  );
}

function Header({ partner, conversationId }: { partner: Partner; conversationId: string | null }) {
  const { t } = useTranslation();
  return (
    <header className="chat-header">
      <div className="chat-header__row">
        <Link to="/chats" className="chat-header__back" aria-label={t('chat.backToList')}>
          <ArrowLeftIcon size={22} />
        </Link>
        <Avatar image={partner.main_image} size={44} />
        <div className="chat-header__who">
          <h2 className="chat-header__name">
            {partner.name}
            {partner.fictional ? <FictionalMark className="chat-fictional-icon" /> : null}
          </h2>
          <Link to={`/members/${partner.id}`} className="chat-header__profile">
            {t('chat.viewProfile')}
          </Link>
        </div>
        {conversationId ? <RemoveChat conversationId={conversationId} name={partner.name} /> : null}
      </div>
      {partner.fictional ? <FictionalWarning className="chat-header__fictional" /> : null}
    </header>
  );
}

/** Message times and day labels in the member's own time zone and language (made once per language). */
function useFormatters() {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const tag = isoTag(i18n.language as Locale);
    const time = new Intl.DateTimeFormat(tag, { hour: '2-digit', minute: '2-digit' });
    const date = new Intl.DateTimeFormat(tag, { dateStyle: 'medium' });
    return {
      time: (iso: string) => time.format(new Date(iso)),
      day: (day: string) => {
        const rel = relativeDay(day);
        if (rel) return t(`chat.${rel}`);
        const [y, m, d] = day.split('-').map(Number);
        return date.format(new Date(y!, m! - 1, d!));
      },
    };
  }, [t, i18n.language]);
}

/** What a bubble shows: text, a gift (its picture and name), or a photo that opens large. */
function MessageBody({
  message: m,
  partnerName,
  onOpenPhoto,
}: {
  message: LocalMessage;
  partnerName: string;
  onOpenPhoto: (photo: { url: string; alt: string }) => void;
}) {
  const { t } = useTranslation();
  if (m.kind === 'gift') {
    const name = t(`chat.gifts.${m.gift}`);
    return (
      <p className="bubble__body bubble__gift">
        <span className="bubble__gift-art">
          <GiftArt id={m.gift ?? ''} size={48} />
        </span>
        <span>
          {m.mine
            ? t('chat.gifts.sent', { gift: name })
            : t('chat.gifts.received', { gift: name, name: partnerName })}
        </span>
      </p>
    );
  }
  if (m.kind === 'photo' && m.photo) {
    const alt = m.mine ? t('chat.photo.altMine') : t('chat.photo.altTheirs', { name: partnerName });
    return (
      <button
        type="button"
        className="bubble__photo"
        onClick={() => onOpenPhoto({ url: m.photo!.url, alt })}
        aria-label={t('chat.photo.enlarge', { what: alt })}
      >
        <img src={m.photo.thumb} alt={alt} loading="lazy" />
      </button>
    );
  }
  return (
    <p className="bubble__body">
      {m.kind === 'text'
        ? m.body
        : m.kind === 'system'
          ? systemNoteText(m, partnerName, t)
          : t(`chat.kind.${m.kind}`)}
    </p>
  );
}

function MessageList({
  messages,
  partnerName,
  olderHidden,
  onRetry,
  onDiscard,
  onOpenPhoto,
}: {
  messages: LocalMessage[];
  partnerName: string;
  olderHidden: boolean;
  onRetry: (m: LocalMessage) => void;
  onDiscard: (m: LocalMessage) => void;
  onOpenPhoto: (photo: { url: string; alt: string }) => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const ref = useRef<HTMLDivElement>(null);
  const last = messages[messages.length - 1];
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
      {groupByDay(messages).map((g) => (
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
              <span className="bubble__meta">
                {m.status === 'sending'
                  ? t('chat.sending')
                  : m.status === 'failed'
                    ? null
                    : fmt.time(m.created_at)}
              </span>
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

/** One conversation (spec §2): header, messages, composer; opening it sets its unread count to 0. */
export function Conversation({
  partner,
  conversationId: initial,
}: {
  partner: Partner;
  conversationId: string | null;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const user = useUser();
  const uid = user?.id ?? '';
  const [conversationId, setConversationId] = useState(initial);
  const draftKey = `new:${partner.id}`;
  const messages = useMessages(conversationId, draftKey);
  const list = messages.data ?? [];
  const [text, setText] = useState('');
  useKeptDraft(uid, partner.id, text, setText);
  const [alert, setAlert] = useState<Alert>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const composerRef = useRef<HTMLTextAreaElement>(null);

  // Read (spec §4): when opened and whenever a partner's message arrives while it is open.
  let lastTheirs = 0;
  for (const m of list) if (!m.mine && m.id > lastTheirs) lastTheirs = m.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: lastTheirs is the trigger (a new partner message)
  useEffect(() => {
    if (!conversationId || !uid) return;
    const key = chatsKey(uid);
    client.setQueryData(key, (d: Parameters<typeof zeroUnread>[0]) => zeroUnread(d, conversationId));
    markRead(conversationId)
      .then(() => client.invalidateQueries({ queryKey: key }))
      .catch(() => {});
  }, [client, uid, conversationId, lastTheirs]);

  // What each unsent message was, by client id, so a retry sends the very same thing (a photo's file too).
  const outgoing = useRef(new Map<string, Outgoing>());
  const send = useCallback(
    async (out: Outgoing, clientId = newClientId(), id = -++pendingSeq) => {
      const key = messagesKey(uid, conversationId ?? draftKey);
      outgoing.current.set(clientId, out);
      const preview = out.kind === 'photo' ? URL.createObjectURL(out.file) : null;
      const local: LocalMessage = {
        id,
        conversation_id: conversationId ?? '',
        sender_id: uid,
        client_id: clientId,
        kind: out.kind,
        body: out.kind === 'text' ? out.body : '',
        gift: out.kind === 'gift' ? out.gift : null,
        photo: preview ? { url: preview, thumb: preview } : null,
        cost: 0,
        created_at: new Date().toISOString(),
        mine: true,
        status: 'sending',
      };
      setNotice(null);
      client.setQueryData<LocalMessage[]>(key, (cur) => upsertLocal(cur ?? [], local));
      if (out.kind !== 'photo')
        keepUnsent(uid, partner.id, {
          client_id: clientId,
          kind: out.kind,
          body: local.body,
          gift: local.gift,
          created_at: local.created_at,
        });
      try {
        sendingHere(clientId);
        const res = await sendMessage(partner.id, clientId, out);
        outgoing.current.delete(clientId);
        forgetUnsent(uid, partner.id, clientId);
        if (conversationId) {
          client.setQueryData<LocalMessage[]>(key, (cur) => mergeMessages(cur ?? [], [res.message]));
        } else {
          // The first message started the conversation: its messages now live under its id.
          const draft = client.getQueryData<LocalMessage[]>(key) ?? [];
          client.setQueryData(
            messagesKey(uid, res.message.conversation_id),
            mergeMessages(draft, [res.message]),
          );
          setConversationId(res.message.conversation_id);
          client.removeQueries({ queryKey: key });
        }
        client.setQueryData<User | null>(userKey, (u) => (u ? { ...u, credits: res.credits } : u));
        void client.invalidateQueries({ queryKey: chatsKey(uid) });
      } catch (err) {
        const api = err instanceof ApiError ? err : null;
        const message = errorText(err, t);
        client.setQueryData<LocalMessage[]>(key, (cur) =>
          upsertLocal(cur ?? [], { ...local, status: 'failed', error: message }),
        );
        if (api?.code === 'not_enough_credits') setAlert({ kind: 'credits', message });
        else if (api?.code === 'conversation_limit' || api?.code === 'premium_only')
          setAlert({ kind: 'premium', message });
        else setNotice(message);
      }
    },
    [client, uid, conversationId, draftKey, partner.id, t],
  );
  // Messages kept in this browser but never confirmed (a reload or crash mid-send) come back once
  // the conversation is loaded: as not sent, to retry under their own client id.
  const gaveBack = useRef(false);
  useEffect(() => {
    if (!uid || !messages.isSuccess || gaveBack.current) return;
    gaveBack.current = true;
    const kept = readKept(browserStore(), uid, partner.id).unsent;
    if (!kept.length) return;
    const mine = new Set(list.filter((m) => m.mine && !isPending(m)).map((m) => m.client_id));
    const { back, delivered } = keptBack(kept, mine, {
      userId: uid,
      conversationId: conversationId ?? '',
      nextId: () => -++pendingSeq,
    });
    for (const id of delivered) forgetUnsent(uid, partner.id, id);
    if (back.length)
      client.setQueryData<LocalMessage[]>(messagesKey(uid, conversationId ?? draftKey), (cur) =>
        back.reduce(upsertLocal, cur ?? []),
      );
  }, [client, uid, partner.id, conversationId, draftKey, messages.isSuccess, list]);
  /** A message that could not be sent, dropped by the member: gone here and from what is kept. */
  const discard = (m: LocalMessage) => {
    outgoing.current.delete(m.client_id);
    forgetUnsent(uid, partner.id, m.client_id);
    client.setQueryData<LocalMessage[]>(messagesKey(uid, conversationId ?? draftKey), (cur) =>
      (cur ?? []).filter((x) => !(x.mine && x.client_id === m.client_id && isPending(x))),
    );
  };
  const [giftsOpen, setGiftsOpen] = useState(false);
  const [photo, setPhoto] = useState<File | null>(null);
  const [enlarged, setEnlarged] = useState<{ url: string; alt: string } | null>(null);
  const olderHidden = useOlderHidden(conversationId);

  const empty = messages.isSuccess && list.length === 0;
  // Offered for an empty conversation, not over a draft the member is already writing.
  const [icebreakerOpen, closeIcebreaker, openIcebreaker] = useIcebreakerOffer(
    partner.id,
    empty && !text.trim(),
  );

  return (
    <section className="chat-pane" aria-label={t('chat.with', { name: partner.name })}>
      <Header partner={partner} conversationId={conversationId} />
      {messages.isPending ? (
        <p className="chat-log chat-log--status muted">{t('common.loading')}</p>
      ) : messages.isError ? (
        <p className="chat-log chat-log--status" role="alert">
          {t('errors.generic')}
        </p>
      ) : empty ? (
        <div className="chat-log chat-log--status">
          <p className="muted">{t('chat.empty', { name: partner.name })}</p>
          <Button variant="secondary" size="sm" onClick={openIcebreaker}>
            {t('chat.icebreaker.open')}
          </Button>
        </div>
      ) : (
        <MessageList
          messages={list}
          partnerName={partner.name}
          olderHidden={olderHidden}
          onRetry={(m) => {
            const out: Outgoing | undefined =
              outgoing.current.get(m.client_id) ??
              (m.kind === 'gift' && m.gift
                ? { kind: 'gift', gift: m.gift as GiftId }
                : m.kind === 'text'
                  ? { kind: 'text', body: m.body }
                  : undefined);
            if (out) void send(out, m.client_id, m.id);
          }}
          onDiscard={discard}
          onOpenPhoto={setEnlarged}
        />
      )}
      {user?.status === 'not_confirmed' ? (
        <p className="chat-notice">
          <AlertIcon size={16} />
          {t('chat.unconfirmedSelf', { name: partner.name })}
        </p>
      ) : null}
      {partner.confirmed === false ? (
        <p className="chat-notice">
          <AlertIcon size={16} />
          {t('errors.partner_not_confirmed')}
        </p>
      ) : null}
      {notice ? (
        <p className="chat-notice" role="alert">
          <AlertIcon size={16} />
          {notice}
        </p>
      ) : null}
      <Composer
        ref={composerRef}
        value={text}
        onChange={setText}
        onSend={() => {
          const body = text.trim();
          if (!body) return;
          setText('');
          void send({ kind: 'text', body });
        }}
        tools={
          <AttachmentButtons
            onGift={() => setGiftsOpen(true)}
            onPhoto={setPhoto}
            onPremium={() => setAlert({ kind: 'premium', message: t('chat.photo.premium') })}
            onInvalid={(code) => setNotice(t(`errors.${code}`))}
          />
        }
      />
      <GiftPicker
        open={giftsOpen}
        name={partner.name}
        onClose={() => setGiftsOpen(false)}
        onSend={(gift) => {
          setGiftsOpen(false);
          void send({ kind: 'gift', gift });
        }}
      />
      <PhotoConfirm
        file={photo}
        name={partner.name}
        onCancel={() => setPhoto(null)}
        onSend={(file) => {
          setPhoto(null);
          void send({ kind: 'photo', file });
        }}
      />
      <Modal
        open={!!enlarged}
        size="lg"
        title={t('chat.photo.viewer', { name: partner.name })}
        closeLabel={t('common.close')}
        onClose={() => setEnlarged(null)}
      >
        {enlarged ? <img className="photo-viewer" src={enlarged.url} alt={enlarged.alt} /> : null}
      </Modal>
      <Icebreaker
        open={icebreakerOpen}
        name={partner.name}
        onClose={closeIcebreaker}
        onChoose={(line) => {
          setText(line);
          closeIcebreaker();
          requestAnimationFrame(() => composerRef.current?.focus());
        }}
      />
      <Modal
        open={alert?.kind === 'credits'}
        role="alertdialog"
        size="sm"
        title={t('chat.noCredits.title')}
        closeLabel={t('common.close')}
        onClose={() => setAlert(null)}
      >
        <p>{alert?.message || t('errors.not_enough_credits')}</p>
        <div className="modal__actions">
          <ButtonLink to="/credits" size="lg" block>
            {t('chat.noCredits.buy')}
          </ButtonLink>
        </div>
      </Modal>
      <Modal
        open={alert?.kind === 'premium'}
        role="alertdialog"
        size="sm"
        title={t('chat.premium.title')}
        closeLabel={t('common.close')}
        onClose={() => setAlert(null)}
      >
        <p>{alert?.message || t('errors.premium_only')}</p>
        <div className="modal__actions">
          <ButtonLink to="/premium" size="lg" block>
            {t('nav.getPremium')}
          </ButtonLink>
        </div>
      </Modal>
    </section>
  );
}
