import type { MemberProfile } from '@amora/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../api/client.ts';
import { useTranslation } from '../../app/translation.ts';
import { blockMember, memberKey, unblockMember } from '../../entities/member/api.ts';
import { Button } from '../../ui/Button.tsx';
import { BlockIcon } from '../../ui/icons.tsx';
import { Modal } from '../../ui/Modal.tsx';

/** Block and unblock as a paired toggle (spec §4); blocking asks first, since it ends likes and chats. */
export function BlockToggle({ member, onStatus }: { member: MemberProfile; onStatus: (s: string) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const toggle = useMutation({
    mutationFn: (block: boolean) => (block ? blockMember(member.id) : unblockMember(member.id)),
    onSuccess: (res) => {
      setConfirming(false);
      client.setQueryData<MemberProfile>(memberKey(member.id), (m) =>
        m ? { ...m, blocked_by_me: res.blocked } : m,
      );
      void client.invalidateQueries({ queryKey: ['search'], refetchType: 'none' });
      onStatus(
        res.blocked
          ? t('member.blockedStatus', { name: member.name })
          : t('member.unblockedStatus', { name: member.name }),
      );
    },
    onError: (err) => {
      setConfirming(false);
      onStatus(errorText(err, t));
    },
  });
  const blocked = member.blocked_by_me;
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        busy={toggle.isPending && !confirming}
        onClick={() => (blocked ? toggle.mutate(false) : setConfirming(true))}
      >
        <BlockIcon size={18} />
        {blocked ? t('member.unblock') : t('member.block')}
      </Button>
      <Modal
        open={confirming}
        size="sm"
        title={t('member.blockTitle', { name: member.name })}
        onClose={toggle.isPending ? undefined : () => setConfirming(false)}
      >
        <p>{t('member.blockText', { name: member.name })}</p>
        <div className="modal__actions">
          <Button
            variant="danger"
            size="lg"
            block
            busy={toggle.isPending}
            onClick={() => toggle.mutate(true)}
          >
            {t('member.blockConfirm')}
          </Button>
          <Button
            variant="ghost"
            block
            autoFocus
            disabled={toggle.isPending}
            onClick={() => setConfirming(false)}
          >
            {t('member.cancel')}
          </Button>
        </div>
      </Modal>
    </>
  );
}
