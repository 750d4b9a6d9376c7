import { Link, useLocation, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useSettings, useUser } from '../../api/queries.ts';
import { Head } from '../../app/head.tsx';
import { useHydrated } from '../../app/hydrated.ts';
import { usePageTimeZone } from '../../app/time-zone.ts';
import { useTranslation } from '../../app/translation.ts';
import type { ChatEntry } from '../../entities/chat/api.ts';
import { systemNoteText } from '../../entities/chat/logic.ts';
import { chatList, useChatEntry, useChats } from '../../entities/chat/queries.ts';
import { useMember } from '../../entities/member/queries.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { FictionalMark } from '../../ui/FictionalWarning.tsx';
import { ChatIcon } from '../../ui/icons.tsx';
import { Avatar } from './Avatar.tsx';
import { Conversation } from './Conversation.tsx';
import type { Partner } from './partner.ts';
import { useChatTimes } from './useChatTimes.ts';
import './chats-page.css';

function preview(entry: ChatEntry, t: (k: string, o?: Record<string, unknown>) => string): string {
  const m = entry.last_message;
  if (!m) return '';
  const text =
    m.kind === 'text'
      ? m.body
      : m.kind === 'system'
        ? systemNoteText(m, entry.profile.name, t)
        : m.kind === 'gift' && m.gift
          ? `${t('chat.kind.gift')}: ${t(`chat.gifts.${m.gift}`)}`
          : t(`chat.kind.${m.kind}`);
  return m.mine ? t('chat.you', { text }) : text;
}

/**
 * The conversation list (spec §2 chat layout): photo, name, fictional icon, last message and when
 * it came, unread badge; the open conversation marked (aria-current); newest first, older ones a
 * page at a time. Its title is the page's h1 until a conversation is open (then the
 * conversation's partner is).
 */
function ChatList({
  chats,
  loading,
  more,
  open,
  current,
}: {
  chats: ChatEntry[];
  loading: boolean;
  more: { load: () => void; loading: boolean } | null;
  /** A conversation is open (its partner's name is then the page's h1). */
  open: boolean;
  /** The open conversation's entry, when it is listed. */
  current: ChatEntry | undefined;
}) {
  const { t } = useTranslation();
  const times = useChatTimes();
  // The list is in the server's HTML (route data); its times are too once the server knows the
  // member's time zone (TIME_ZONE_COOKIE, app/time-zone.ts). Until then they come right after
  // hydration: a time in another zone would differ from the browser's.
  const hydrated = useHydrated();
  const { known: zoneKnown } = usePageTimeZone();
  const Title = open ? 'h2' : 'h1';
  return (
    <nav className="chat-list" aria-label={t('chat.conversations')}>
      <Title className="chat-list__title">{t('chat.title')}</Title>
      {loading ? (
        <p className="chat-list__empty muted">{t('common.loading')}</p>
      ) : chats.length === 0 ? (
        <div className="chat-list__empty">
          <p className="muted">{t('chat.noChats')}</p>
          <ButtonLink to="/members" size="sm">
            {t('nav.search')}
          </ButtonLink>
        </div>
      ) : (
        <ul className="chat-list__items">
          {chats.map((c) => {
            const last =
              (hydrated || zoneKnown) && c.last_message ? times.last(c.last_message.created_at) : null;
            return (
              <li key={c.conversation.id}>
                <Link
                  to={`/chats/${c.conversation.id}`}
                  className="chat-item"
                  aria-current={c === current ? 'page' : undefined}
                >
                  <Avatar image={c.profile.main_image} />
                  <span className="chat-item__text">
                    <span className="chat-item__top">
                      <span className="chat-item__name">
                        {c.profile.name}
                        {c.profile.fictional ? <FictionalMark className="chat-fictional-icon" /> : null}
                      </span>
                      {last && c.last_message ? (
                        <time
                          className="chat-item__time"
                          dateTime={c.last_message.created_at}
                          title={last.title}
                        >
                          {last.text}
                        </time>
                      ) : null}
                    </span>
                    <span className="chat-item__preview">{preview(c, t)}</span>
                  </span>
                  <Badge
                    count={c.num_unread_messages}
                    label={t('nav.unreadMessages', { count: c.num_unread_messages })}
                  />
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {more ? (
        <div className="chat-list__more">
          <Button variant="ghost" size="sm" onClick={more.load} disabled={more.loading}>
            {more.loading ? t('common.loading') : t('chat.olderChats')}
          </Button>
        </div>
      ) : null}
    </nav>
  );
}

/** The partner of a listed conversation, as the conversation shows them. */
const partnerOf = (e: ChatEntry): Partner => ({
  id: e.profile.id,
  name: e.profile.name,
  main_image: e.profile.main_image,
  fictional: e.profile.fictional,
  confirmed: e.partner_confirmed,
});

function Pane({ children }: { children: React.ReactNode }) {
  return <div className="chat-pane chat-pane--empty">{children}</div>;
}

/**
 * /members/:id/chat: the conversation with that member, or an empty one the first message starts.
 * Both are the same element (same key, same place), so when the first message creates the
 * conversation nothing remounts: what the member is typing, and any open dialog, stay.
 */
function MemberChat({
  memberId,
  chats,
  morePages,
}: {
  memberId: string;
  chats: ChatEntry[];
  morePages: boolean;
}) {
  const { t } = useTranslation();
  const listed = chats.find((c) => c.profile.id === memberId);
  const older = useChatEntry({ member: memberId }, !listed && morePages);
  const existing = listed ?? older.entry;
  // The member's profile only for a conversation not started yet (the list has the rest).
  const member = useMember(memberId, !existing && !older.pending);
  if (older.pending) return <Pane>{t('common.loading')}</Pane>;
  if (existing) {
    return (
      <Conversation key={memberId} partner={partnerOf(existing)} conversationId={existing.conversation.id} />
    );
  }
  if (member.isPending) return <Pane>{t('common.loading')}</Pane>;
  if (member.isError) {
    const err = member.error;
    const code = err instanceof ApiError ? err.code : 'generic';
    return (
      <Pane>
        <h1 className="chat-pane__title">
          <span role="alert">
            {t(code === 'blocked_by_member' ? 'errors.blocked_by_member' : 'chat.notFound')}
          </span>
        </h1>
        <Link to="/chats">{t('chat.backToList')}</Link>
      </Pane>
    );
  }
  const m = member.data;
  const partner: Partner = { id: m.id, name: m.name, main_image: m.main_image, fictional: m.fictional };
  return <Conversation key={memberId} partner={partner} conversationId={null} />;
}

/** /chats, /chats/:id and /members/:id/chat (spec §2): the list and the message area. */
export default function ChatsPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  const { pathname } = useLocation();
  const { id } = useParams();
  const chats = useChats();
  const memberChat = pathname.startsWith('/members/');
  const open = !!id;
  const list = chatList(chats.data);
  const listed = id && !memberChat ? list.find((c) => c.conversation.id === id) : undefined;
  // A link to a conversation older than the loaded pages: that one is asked for alone.
  const older = useChatEntry({ conversation: id ?? '' }, !!id && !memberChat && !listed && chats.hasNextPage);
  // Visitors never get here: the auth redirects send them to log in (contracts authRedirect).
  if (!user) return null;

  let pane: React.ReactNode;
  if (!id) {
    pane = (
      <Pane>
        <ChatIcon size={40} />
        <p>{t('chat.choose')}</p>
      </Pane>
    );
  } else if (chats.isPending || older.pending) {
    pane = <Pane>{t('common.loading')}</Pane>;
  } else if (memberChat) {
    pane = <MemberChat memberId={id} chats={list} morePages={chats.hasNextPage} />;
  } else {
    const entry = listed ?? older.entry;
    pane = entry ? (
      <Conversation
        key={entry.profile.id}
        partner={partnerOf(entry)}
        conversationId={entry.conversation.id}
      />
    ) : (
      <Pane>
        <h1 className="chat-pane__title">{t('chat.notFound')}</h1>
        <Link to="/chats">{t('chat.backToList')}</Link>
      </Pane>
    );
  }

  const current = memberChat ? list.find((c) => c.profile.id === id) : listed;
  return (
    <div className={`chat ${open ? 'chat--open' : ''}`}>
      <Head title={t('meta.chatsTitle', { siteName: settings.name })} noindex />
      <ChatList
        open={open}
        current={current}
        chats={list}
        loading={chats.isPending}
        more={
          chats.hasNextPage
            ? { load: () => void chats.fetchNextPage(), loading: chats.isFetchingNextPage }
            : null
        }
      />
      {pane}
    </div>
  );
}
