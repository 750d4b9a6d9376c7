import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorText } from '../../api/client.ts';
import { useUser } from '../../api/queries.ts';
import { useTranslation } from '../../app/translation.ts';
import { chatsKey, deleteChat } from '../../entities/chat/api.ts';
import { useCounters } from '../../entities/chat/counters.ts';
import { withoutChat } from '../../entities/chat/queries.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { FictionalMark, FictionalWarning } from '../../ui/FictionalWarning.tsx';
import { ArrowLeftIcon, TrashIcon } from '../../ui/icons.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { Avatar } from './Avatar.tsx';
import type { Partner } from './partner.ts';
import './chat-header.css';

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
        <span className="visually-hidden-below-md">{t('chat.remove')}</span>
      </Button>
      <Modal
        open={confirming}
        size="sm"
        title={t('chat.removeTitle', { name })}
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

/**
 * A conversation's header: back to the list, who it is with (the page's h1), their profile,
 * removing the chat. On phones the conversation is full screen (no top navigation, chats-page.css), so
 * the back button carries the Messages badge: unread messages elsewhere are not missed.
 */
export function ChatHeader({ partner, conversationId }: { partner: Partner; conversationId: string | null }) {
  const { t } = useTranslation();
  const { unreadMessages } = useCounters();
  return (
    <header className="chat-header">
      <div className="chat-header__row">
        <Link to="/chats" className="chat-header__back">
          <ArrowLeftIcon size={22} />
          <span className="visually-hidden">{t('chat.backToList')}</span>
          <Badge count={unreadMessages} label={t('nav.unreadMessages', { count: unreadMessages })} />
        </Link>
        <Avatar image={partner.main_image} size={44} />
        <div className="chat-header__who">
          <h1 className="chat-header__name">
            {partner.name}
            {partner.fictional ? <FictionalMark className="chat-fictional-icon" /> : null}
          </h1>
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
