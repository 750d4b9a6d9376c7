import type { MemberProfile } from '@amora/contracts';
import { type ComponentProps, lazy, Suspense, useState } from 'react';
import { useUser } from '../../api/queries.ts';
import { useOpenedOnce } from '../../app/opened-once.ts';
import { useTranslation } from '../../app/translation.ts';
import { LikeToggle } from '../../entities/likes/LikeToggle.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { ChatIcon, GiftIcon, HeartIcon } from '../../ui/icons.tsx';
import { BlockToggle } from './BlockToggle.tsx';
import type { LoginPrompt as EagerLoginPrompt, LoginReason } from './LoginPrompt.tsx';
import { ReportButton } from './ReportButton.tsx';

/** The visitor's login prompt (LoginPrompt.tsx), its own chunk: loaded when a visitor first presses like, chat or gift. */
const LoginPromptView = lazy(() => import('./LoginPrompt.tsx').then((m) => ({ default: m.LoginPrompt })));
function LoginPrompt(props: ComponentProps<typeof EagerLoginPrompt>) {
  return useOpenedOnce(props.reason !== null) ? (
    <Suspense fallback={null}>
      <LoginPromptView {...props} />
    </Suspense>
  ) : null;
}

/**
 * What the viewer can do with a member: on their own profile a way to edit it; as a visitor like,
 * chat and send a gift lead to logging in, each saying why (spec §6); as a member like, chat, send
 * a gift (the conversation opens with the gifts on show), block and report.
 */
export function MemberActions({
  member,
  onStatus,
}: {
  member: MemberProfile;
  onStatus: (s: string) => void;
}) {
  const { t } = useTranslation();
  const user = useUser();
  const [prompt, setPrompt] = useState<LoginReason | null>(null);
  if (user && user.id === member.id) {
    return (
      <div className="member-actions button-row">
        <p className="form-alert form-alert--info">{t('member.ownProfile')}</p>
        <ButtonLink to="/profile" variant="secondary">
          {t('member.editOwn')}
        </ButtonLink>
      </div>
    );
  }
  if (member.viewer === 'visitor') {
    return (
      <div className="member-actions button-row">
        <Button size="lg" onClick={() => setPrompt('login_to_like')}>
          <HeartIcon size={20} />
          {t('member.like')}
        </Button>
        <Button size="lg" variant="secondary" onClick={() => setPrompt('login_to_chat')}>
          <ChatIcon size={20} />
          {t('member.chat')}
        </Button>
        <Button size="lg" variant="secondary" onClick={() => setPrompt('login_to_gift')}>
          <GiftIcon size={20} />
          {t('memberGift.send')}
        </Button>
        <LoginPrompt
          reason={prompt}
          onClose={() => setPrompt(null)}
          member={{ id: member.id, name: member.name }}
        />
      </div>
    );
  }
  return (
    <>
      {member.match ? (
        <p className="heart-pill member-match">
          <HeartIcon size={18} />
          {t('likes.matchNote', { name: member.name })}
        </p>
      ) : null}
      <div className="member-actions button-row">
        {member.blocked_by_me ? null : <LikeToggle member={member} onStatus={onStatus} />}
        {member.blocked_by_me ? null : (
          <ButtonLink to={`/members/${member.id}/chat`} size="lg">
            <ChatIcon size={20} />
            {t('member.chat')}
          </ButtonLink>
        )}
        {member.blocked_by_me ? null : (
          <ButtonLink to={`/members/${member.id}/chat?gift=1`} size="lg" variant="secondary">
            <GiftIcon size={20} />
            {t('memberGift.send')}
          </ButtonLink>
        )}
      </div>
      <div className="member-actions member-actions--quiet button-row">
        <BlockToggle member={member} onStatus={onStatus} />
        <ReportButton member={member} />
      </div>
    </>
  );
}
