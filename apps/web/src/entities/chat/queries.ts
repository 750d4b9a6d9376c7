import { olderHiddenKey } from '@amora/contracts/rules';
import {
  type InfiniteData,
  infiniteQueryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useUser } from '../../api/queries.ts';
import { useNavPolling } from '../push/nav-polling.ts';
import {
  type ChatEntry,
  type ChatsResponse,
  chatsKey,
  fetchChats,
  fetchMessages,
  messagesKey,
} from './api.ts';
import { type LocalMessage, mergeMessages } from './logic.ts';

export { olderHiddenKey };

/** The chat list's pages as the cache holds them. */
export type ChatsData = InfiniteData<ChatsResponse, string | null>;

/** One query for the chat pages and the navigation: a refetch reloads every page it has, in order. */
const chatsQuery = (userId: string) =>
  infiniteQueryOptions<ChatsResponse, Error, ChatsData, ReturnType<typeof chatsKey>, string | null>({
    queryKey: chatsKey(userId),
    queryFn: ({ pageParam, signal }) => fetchChats({ cursor: pageParam ?? undefined }, signal),
    initialPageParam: null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: 30_000,
  });

/** The member's chats (members only), a page at a time. The chat pages load them at once. */
export function useChats() {
  const user = useUser();
  return useInfiniteQuery({ ...chatsQuery(user?.id ?? ''), enabled: !!user });
}

/**
 * The navigation's subscription (spec §4/§9): the first refresh 5 s after load, then every 60 s
 * while logged in; every live message refreshes it too (useLiveChatLikesAndSession).
 */
export function useChatsPolling() {
  const user = useUser();
  return useInfiniteQuery({ ...chatsQuery(user?.id ?? ''), ...useNavPolling() });
}

/** The loaded pages as one list; a conversation a new message moved up while paging shows once. */
export function chatList(data: ChatsData | undefined): ChatEntry[] {
  const seen = new Set<string>();
  const out: ChatEntry[] = [];
  for (const page of data?.pages ?? [])
    for (const c of page.chats)
      if (!seen.has(c.conversation.id)) {
        seen.add(c.conversation.id);
        out.push(c);
      }
  return out;
}

/** Unread messages over every conversation (the newest page carries the totals). */
export const totalUnread = (data: ChatsData | undefined) => data?.pages[0]?.total_unread_messages ?? 0;

/**
 * One conversation beyond the loaded pages (a link to an older one): by its id or by the partner.
 * Only asked when the list has more pages; null when there is none.
 */
export function useChatEntry(
  only: { conversation: string } | { member: string },
  enabled: boolean,
): { entry: ChatEntry | null; pending: boolean } {
  const user = useUser();
  const q = useQuery({
    queryKey: [...chatsKey(user?.id ?? ''), 'one', only] as const,
    queryFn: async ({ signal }) => (await fetchChats(only, signal)).chats[0] ?? null,
    enabled: !!user && enabled,
    staleTime: 30_000,
  });
  return { entry: q.data ?? null, pending: enabled && q.isPending };
}

export function useOlderHidden(conversationId: string | null): boolean {
  const user = useUser();
  const { data } = useQuery({
    queryKey: olderHiddenKey(user?.id ?? '', conversationId ?? ''),
    queryFn: () => false,
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data === true;
}

/** The messages of one conversation: first its latest page (later ones arrive live or by catch-up). */
export function useMessages(conversationId: string | null, draftKey: string) {
  const user = useUser();
  const client = useQueryClient();
  const key = messagesKey(user?.id ?? '', conversationId ?? draftKey);
  return useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      if (!conversationId) return [] as LocalMessage[];
      const page = await fetchMessages(conversationId, 0, signal);
      client.setQueryData(olderHiddenKey(user?.id ?? '', conversationId), page.older_hidden);
      return mergeMessages([], page.messages);
    },
    enabled: !!user,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
    // Updates come live and by catch-up; a refetch from 0 would drop pending messages.
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** Applies a change to the one conversation in whichever page holds it, and to every page's totals. */
function changeChat(
  data: ChatsData | undefined,
  conversationId: string,
  change: (entry: ChatEntry) => { entry: ChatEntry | null; unreadGone: number },
): ChatsData | undefined {
  const entry = data?.pages.flatMap((p) => p.chats).find((c) => c.conversation.id === conversationId);
  if (!data || !entry) return data;
  const { entry: next, unreadGone } = change(entry);
  return {
    ...data,
    pages: data.pages.map((p) => ({
      ...p,
      total_unread_messages: Math.max(0, p.total_unread_messages - unreadGone),
      chats: p.chats.flatMap((c) => (c.conversation.id !== conversationId ? [c] : next ? [next] : [])),
    })),
  };
}

/** Sets one conversation's unread count to 0 in the cached chats (spec §4: opening it). */
export function zeroUnread(data: ChatsData | undefined, conversationId: string): ChatsData | undefined {
  return changeChat(data, conversationId, (c) => ({
    entry: { ...c, num_unread_messages: 0 },
    unreadGone: c.num_unread_messages,
  }));
}

/** Removes one conversation from the cached chats (spec §4: removed locally at once). */
export function withoutChat(data: ChatsData | undefined, conversationId: string): ChatsData | undefined {
  return changeChat(data, conversationId, (c) => ({ entry: null, unreadGone: c.num_unread_messages }));
}
