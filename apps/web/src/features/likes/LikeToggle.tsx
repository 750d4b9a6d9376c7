import type { MemberProfile } from '@amora/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { Button } from '../../ui/Button.tsx';
import { HeartIcon } from '../../ui/icons.tsx';
import { memberKey } from '../profiles/api.ts';
import { likeMember, likesRoot, type MatchPartner, unlikeMember } from './api.ts';
import { MatchModal } from './MatchModal.tsx';

/**
 * Like and unlike as a toggle (spec §4), pressed while liked. The page flips at once and rolls
 * back when the server refuses; a like that makes a match opens the match modal.
 */
export function LikeToggle({ member, onStatus }: { member: MemberProfile; onStatus: (s: string) => void }) {
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
      return { previous };
    },
    onError: (err, _like, context) => {
      if (context?.previous) client.setQueryData(key, context.previous);
      onStatus(err instanceof ApiError && err.message ? err.message : t('errors.generic'));
    },
    onSuccess: (res) => {
      client.setQueryData<MemberProfile>(key, (m) => (m ? { ...m, liked: res.liked, match: res.match } : m));
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
        size="lg"
        variant={liked ? 'secondary' : 'primary'}
        className={`like-toggle ${liked ? 'like-toggle--on' : ''}`}
        aria-pressed={liked}
        disabled={toggle.isPending}
        onClick={() => toggle.mutate(!liked)}
      >
        <HeartIcon size={20} />
        {liked ? t('likes.unlike') : t('likes.like')}
      </Button>
      <MatchModal partner={partner} onClose={() => setPartner(null)} />
    </>
  );
}
