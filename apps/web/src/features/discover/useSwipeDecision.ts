import type { LikeResult, SearchCard } from '@amora/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type RefObject, useState } from 'react';
import { ApiError, errorText } from '../../api/client.ts';
import { useTranslation } from '../../app/translation.ts';
import { likesRoot, type MatchPartner } from '../../entities/likes/api.ts';
import { matchFinderRoot, type SwipeState, type swipeKey, swipeLike, swipePass } from './api.ts';
import type { SwipeChoice } from './swipe-logic.ts';
import { decideKey } from './useSwipeDeck.ts';

/** One member liked or passed. */
export interface Decision {
  card: SearchCard;
  choice: SwipeChoice;
}

/**
 * A like or pass in the swipe game: it shows at once (the card leaves the deck, a like counts) and
 * travels in the background; a refused one brings its card back on top with the reason, and the
 * day's limit ends the game for today. A mutual like names the partner for the match modal.
 */
export function useSwipeDecision({
  deckKey: key,
  decided,
  onSettled,
}: {
  deckKey: ReturnType<typeof swipeKey>;
  /** Cards whose decision is on its way (shared with the deck, which keeps them out of a refill). */
  decided: RefObject<Set<string>>;
  onSettled: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [partner, setPartner] = useState<MatchPartner | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [error, setError] = useState<{ text: string; limit: boolean } | null>(null);

  const decide = useMutation({
    mutationKey: decideKey,
    mutationFn: ({ card, choice }: Decision): Promise<LikeResult | null> =>
      choice === 'like' ? swipeLike(card.id) : swipePass(card.id).then(() => null),
    onMutate: ({ card, choice }) => {
      decided.current.add(card.id);
      setError(null);
      void client.cancelQueries({ queryKey: key });
      client.setQueryData<SwipeState>(key, (s) =>
        s
          ? {
              likes_left: choice === 'like' ? Math.max(0, s.likes_left - 1) : s.likes_left,
              cards: s.cards.filter((c) => c.id !== card.id),
            }
          : s,
      );
    },
    onError: (err, { card, choice }) => {
      decided.current.delete(card.id);
      const limit = err instanceof ApiError && err.code === 'swipe_limit';
      // The card was not decided: it comes back on top (at 0 likes the day's-end panel shows).
      client.setQueryData<SwipeState>(key, (s) =>
        s
          ? {
              likes_left: limit ? 0 : choice === 'like' ? s.likes_left + 1 : s.likes_left,
              cards: [card, ...s.cards.filter((c) => c.id !== card.id)],
            }
          : s,
      );
      setError({ text: errorText(err, t), limit });
    },
    onSuccess: (res, { card, choice }) => {
      setAnnouncement(
        choice === 'like'
          ? t('likes.likedStatus', { name: card.name })
          : t('swipe.passedStatus', { name: card.name }),
      );
      if (res?.match) setPartner(res.profile);
      if (choice === 'like') void client.invalidateQueries({ queryKey: likesRoot });
      // The match finder leaves out members liked or passed here too.
      void client.invalidateQueries({ queryKey: matchFinderRoot });
    },
    onSettled: () => onSettled(),
  });

  return { decide: decide.mutate, error, announcement, partner, closeMatch: () => setPartner(null) };
}
