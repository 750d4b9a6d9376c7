import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';

/** Why a message could not go: no credits left, or something only premium members may do. */
export type ChatAlert = { kind: 'credits' | 'premium'; message: string } | null;

/** The two dialogs that lead on from a refused message: to buy credits, or to premium. */
export function ChatAlerts({ alert, onClose }: { alert: ChatAlert; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Modal
        open={alert?.kind === 'credits'}
        role="alertdialog"
        size="sm"
        title={t('chat.noCredits.title')}
        closeLabel={t('common.close')}
        onClose={onClose}
      >
        <p>{alert?.message || t('errors.not_enough_credits')}</p>
        <div className="modal__actions">
          <ButtonLink to="/credits" size="lg" block>
            {t('chat.noCredits.buy')}
          </ButtonLink>
        </div>
      </Modal>
      <Modal
        open={alert?.kind === 'premium'}
        role="alertdialog"
        size="sm"
        title={t('chat.premium.title')}
        closeLabel={t('common.close')}
        onClose={onClose}
      >
        <p>{alert?.message || t('errors.premium_only')}</p>
        <div className="modal__actions">
          <ButtonLink to="/premium" size="lg" block>
            {t('nav.getPremium')}
          </ButtonLink>
        </div>
      </Modal>
    </>
  );
}
