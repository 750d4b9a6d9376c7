import { useIsMutating, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useUser } from '../../api/queries.ts';
import { FRESH_PER_VISIT_MS } from '../../app/query-client.ts';
import { fetchSwipe, type SwipeState, swipeKey } from './api.ts';
import { isExhausted, mergeDeck, shouldRefill } from './swipe-logic.ts';

/** The swipe game's decisions in flight share this key: the deck waits for them before it refills. */
export const decideKey = ['swipe', 'decide'] as const;

/**
 * The swipe game's deck (spec §1/§9): the suggested members and the likes left today, as the server
 * counts them. A refill never brings back the card of a decision still travelling (decided); the
 * deck refills itself when it runs low and tells when nobody is left (exhausted). Call settled()
 * when a decision has come back, so the refill knows what the server has seen.
 */
export function useSwipeDeck() {
  const user = useUser();
  const client = useQueryClient();
  const key = swipeKey(user?.id ?? '');
  // Decisions still travelling: a refill that answers before them must not bring their cards back.
  const decided = useRef(new Set<string>());
  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }): Promise<SwipeState> => {
      const fresh = await fetchSwipe(signal);
      const previous = client.getQueryData<SwipeState>(key)?.cards ?? [];
      return { likes_left: fresh.likes_left, cards: mergeDeck(previous, fresh.cards, decided.current) };
    },
    enabled: !!user,
    staleTime: FRESH_PER_VISIT_MS,
    gcTime: 10 * 60_000,
  });
  const pending = useIsMutating({ mutationKey: decideKey });
  const [settledAt, setSettledAt] = useState(0);
  const settled = useCallback(() => setSettledAt(Date.now()), []);

  const data = query.data;
  const deck = data?.cards ?? [];
  const top = deck[0];
  const likesLeft = data?.likes_left;
  const outOfLikes = likesLeft !== undefined && likesLeft <= 0;
  const refill = {
    remaining: deck.length,
    pending,
    fetching: query.isFetching,
    fetchedAt: query.dataUpdatedAt,
    settledAt,
  };
  const wantsMore = !!data && !outOfLikes && shouldRefill(refill);
  const exhausted = !!data && isExhausted(refill);
  const { refetch } = query;
  useEffect(() => {
    if (wantsMore) void refetch();
  }, [wantsMore, refetch]);
  return { query, key, decided, data, deck, top, likesLeft, outOfLikes, exhausted, settled };
}
