import type { MemberProfile } from '@amora/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../api/client.ts';
import { useTranslation } from '../../app/translation.ts';
import { Button } from '../../ui/Button.tsx';
import { HeartIcon } from '../../ui/icons.tsx';
import { memberKey } from '../member/api.ts';
import { likeMember, likesRoot, type MatchPartner, unlikeMember } from './api.ts';
import { MatchModal } from './LazyMatchModal.tsx';
import './match-modal.css';

/** What the toggle needs of a member: the member page passes the profile, a list (match finder) a card. */
export type Likeable = Pick<MemberProfile, 'id' | 'name' | 'liked'>;

/**
 * Like and unlike as a toggle (spec §4), pressed while liked. The page flips at once and rolls
 * back when the server refuses; a like that makes a match opens the match modal. The member page
 * keeps the state in its cached profile; a list keeps it itself through `onLikedChange`.
 */
export function LikeToggle({
  member,
  onStatus,
  onLikedChange,
  label,
  size = 'lg',
  className,
}: {
  member: Likeable;
  onStatus: (s: string) => void;
  /** Told of the new state at once, of a rollback, and of the server's answer. */
  onLikedChange?: (liked: boolean) => void;
  /** The accessible name where "Like" alone does not say whom (a list of members); it keeps the visible text. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [partner, setPartner] = useState<MatchPartner | null>(null);
  const key = memberKey(member.id);
  const toggle = useMutation({
    mutationFn: (like: boolean) => (like ? likeMember(member.id) : unlikeMember(member.id)),
    onMutate: async (like: boolean) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<MemberProfile>(key);
      client.setQueryData<MemberProfile>(key, (m) =>
        m ? { ...m, liked: like, match: like ? m.match : false } : m,
      );
      onLikedChange?.(like);
      return { previous };
    },
    onError: (err, like, context) => {
      if (context?.previous) client.setQueryData(key, context.previous);
      onLikedChange?.(!like);
      onStatus(errorText(err, t));
    },
    onSuccess: (res) => {
      client.setQueryData<MemberProfile>(key, (m) => (m ? { ...m, liked: res.liked, match: res.match } : m));
      onLikedChange?.(res.liked);
      onStatus(
        res.liked
          ? t('likes.likedStatus', { name: member.name })
          : t('likes.unlikedStatus', { name: member.name }),
      );
      if (res.liked && res.match) setPartner(res.profile);
    },
    onSettled: () => void client.invalidateQueries({ queryKey: likesRoot }),
  });
  const liked = member.liked;
  return (
    <>
      <Button
        size={size}
        variant={liked ? 'secondary' : 'primary'}
        className={`like-toggle ${liked ? 'like-toggle--on' : ''} ${className ?? ''}`}
        aria-pressed={liked}
        aria-label={label}
        // Not `disabled` while the call runs: a disabled button loses the focus, and a keyboard
        // user in a list of members would be thrown back to the top of the page.
        aria-disabled={toggle.isPending || undefined}
        onClick={() => {
          if (!toggle.isPending) toggle.mutate(!liked);
        }}
      >
        <HeartIcon size={size === 'sm' ? 18 : 20} />
        {liked ? t('likes.unlike') : t('likes.like')}
      </Button>
      <MatchModal partner={partner} onClose={() => setPartner(null)} />
    </>
  );
}
