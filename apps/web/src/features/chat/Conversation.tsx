import { newConversation } from '@amora/contracts/rules';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useUser } from '../../api/queries.ts';
import { useTranslation } from '../../app/translation.ts';
import { useChatPrivacy } from '../../entities/chat/privacy.ts';
import { useMessages, useOlderHidden } from '../../entities/chat/queries.ts';
import { AlertIcon } from '../../ui/icons.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { AttachmentButtons, GiftPicker, PhotoConfirm } from './Attachments.tsx';
import { type ChatAlert, ChatAlerts } from './ChatAlerts.tsx';
import { ChatHeader } from './ChatHeader.tsx';
import { Composer } from './Composer.tsx';
import { IcebreakerSuggestions } from './Icebreaker.tsx';
import { useKeptDraft } from './kept.ts';
import { MessageList } from './MessageList.tsx';
import type { Partner } from './partner.ts';
import { usePartnerTyping, useReadMark, useTypingSender } from './typing.ts';
import { useKeptRestore } from './useKeptRestore.ts';
import { useMarkRead } from './useMarkRead.ts';
import { useSendMessage } from './useSendMessage.ts';
import './messages.css';

/**
 * One conversation (spec §2): header, messages, composer; opening it sets its unread count to 0.
 * The partner's typing shows above the composer and the read mark under my last message they read.
 */
export function Conversation({
  partner,
  conversationId: initial,
}: {
  partner: Partner;
  conversationId: string | null;
}) {
  const { t } = useTranslation();
  const user = useUser();
  const uid = user?.id ?? '';
  // The conversation as the list knows it, else as this tab's first send started it. Followed when
  // the list learns of it later (the partner wrote first while this page was open, or a message
  // sent before a reload reached the server after the page had loaded): the page then shows the
  // server's messages, not an empty conversation or a "not sent" one it actually has.
  const [started, setConversationId] = useState<string | null>(null);
  const conversationId = initial ?? started;
  const draftKey = newConversation(partner.id);
  const messages = useMessages(conversationId, draftKey);
  const list = messages.data ?? [];
  const [text, setText] = useState('');
  useKeptDraft(uid, partner.id, text, setText);
  const [alert, setAlert] = useState<ChatAlert>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const composerRef = useRef<HTMLTextAreaElement>(null);
  useMarkRead(conversationId, list);
  const { send, retry, discard } = useSendMessage({
    partnerId: partner.id,
    conversationId,
    draftKey,
    onStarted: setConversationId,
    onNotice: setNotice,
    onAlert: setAlert,
  });
  useKeptRestore({ partnerId: partner.id, conversationId, draftKey, loaded: messages.isSuccess, list });
  // ?gift=1: the member page's Send a gift opens the conversation with the gifts on show.
  const [giftsOpen, setGiftsOpen] = useState(useSearchParams()[0].get('gift') === '1');
  const [photo, setPhoto] = useState<File | null>(null);
  const [enlarged, setEnlarged] = useState<{ url: string; alt: string } | null>(null);
  const olderHidden = useOlderHidden(conversationId);
  const privacy = useChatPrivacy();
  const typing = usePartnerTyping(conversationId, partner.id);
  const readId = useReadMark(conversationId);
  const typed = useTypingSender(conversationId, privacy.data?.typing === true);

  const empty = messages.isSuccess && list.length === 0;

  return (
    <section className="chat-pane" aria-label={t('chat.with', { name: partner.name })}>
      <ChatHeader partner={partner} conversationId={conversationId} />
      {messages.isPending ? (
        <p className="chat-log chat-log--status muted">{t('common.loading')}</p>
      ) : messages.isError ? (
        <p className="chat-log chat-log--status" role="alert">
          {t('errors.generic')}
        </p>
      ) : empty ? (
        <div className="chat-log chat-log--status">
          <p className="muted">{t('chat.empty', { name: partner.name })}</p>
          <IcebreakerSuggestions
            name={partner.name}
            onChoose={(line) => {
              setText(line);
              composerRef.current?.focus();
            }}
          />
        </div>
      ) : (
        <MessageList
          messages={list}
          partnerName={partner.name}
          olderHidden={olderHidden}
          readId={readId}
          onRetry={retry}
          onDiscard={discard}
          onOpenPhoto={setEnlarged}
        />
      )}
      {/* Always in the page, so screen readers announce it as it changes (politely). */}
      <p className="chat-typing muted" aria-live="polite">
        {typing ? t('chat.typing', { name: partner.name }) : ''}
      </p>
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
        onChange={(value) => {
          setText(value);
          if (value.trim()) typed();
        }}
        onSend={() => {
          const body = text.trim();
          if (!body) return;
          setText('');
          send({ kind: 'text', body });
        }}
        onShort={() => setAlert({ kind: 'credits', message: '' })}
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
          send({ kind: 'gift', gift });
        }}
      />
      <PhotoConfirm
        file={photo}
        name={partner.name}
        onCancel={() => setPhoto(null)}
        onSend={(file) => {
          setPhoto(null);
          send({ kind: 'photo', file });
        }}
      />
      <Modal
        open={!!enlarged}
        size="lg"
        title={t('chat.photo.viewer', { name: partner.name })}
        onClose={() => setEnlarged(null)}
      >
        {enlarged ? <img className="photo-viewer" src={enlarged.url} alt={enlarged.alt} /> : null}
      </Modal>
      <ChatAlerts alert={alert} onClose={() => setAlert(null)} />
    </section>
  );
}
