import type { LikesResponse } from '@amora/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useUser } from '../../api/queries.ts';
import { likesKey, likesRoot, markLikeSeen } from '../../entities/likes/api.ts';

/**
 * Opening the profile of someone who liked me clears that like's "new" flag on the server (spec §4):
 * the likes reload when they hold this member as a new like, not on every profile.
 * Reading the profile writes nothing; the page says it was opened, and only when the likes are not
 * loaded yet or hold this member as a new like.
 */
export function useMarkLikeSeen(viewed: string | null): void {
  const user = useUser();
  const client = useQueryClient();
  useEffect(() => {
    if (!viewed || !user || viewed === user.id) return;
    const likes = client.getQueryData<LikesResponse>(likesKey(user.id));
    if (likes && !likes.liked_by.some((l) => l.id === viewed && l.like_new)) return;
    markLikeSeen(viewed).then(
      () => void client.invalidateQueries({ queryKey: likesRoot }),
      () => undefined, // the flag stays; the next visit tries again
    );
  }, [viewed, user, client]);
}
