import { messageCost } from '@amora/contracts/rules';
import { useSettings, useUser } from '../../api/queries.ts';
import { useTranslation } from '../../app/translation.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';

/** Why a message could not go: no credits left, or something only premium members may do. */
export type ChatAlert = { kind: 'credits' | 'premium'; message: string } | null;

/** Each dialog's title, its text (the premium one's when the server gave none), and where it leads. */
const DIALOGS = {
  credits: {
    title: 'chat.noCredits.title',
    text: 'chat.noCredits.text',
    to: '/credits',
    action: 'chat.noCredits.buy',
  },
  premium: {
    title: 'chat.premium.title',
    text: 'errors.premium_only',
    to: '/premium',
    action: 'nav.getPremium',
  },
} as const;

/** The two dialogs that lead on from a refused message: to buy credits, or to premium. */
export function ChatAlerts({ alert, onClose }: { alert: ChatAlert; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  // Out of credits: what a message costs and what the member has, not the title said again.
  const texts = {
    credits: t(DIALOGS.credits.text, {
      count: messageCost(settings, user?.profile.country ?? ''),
      credits: user?.credits ?? 0,
    }),
    premium: alert?.message || t(DIALOGS.premium.text),
  };
  return (
    <>
      {(['credits', 'premium'] as const).map((kind) => (
        <Modal
          key={kind}
          open={alert?.kind === kind}
          role="alertdialog"
          size="sm"
          title={t(DIALOGS[kind].title)}
          onClose={onClose}
        >
          <p>{texts[kind]}</p>
          <div className="modal__actions">
            <ButtonLink to={DIALOGS[kind].to} size="lg" block>
              {t(DIALOGS[kind].action)}
            </ButtonLink>
          </div>
        </Modal>
      ))}
    </>
  );
}
