import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';

/** The opening lines offered (catalog keys chat.icebreaker.line1 ... line6). */
export const ICEBREAKER_LINES = 6;

/** Partners whose icebreaker was already offered in this tab (shown once, reopened by the button). */
const offered = new Set<string>();

/** The icebreaker is offered once per partner when the conversation is empty; [open, close, reopen]. */
export function useIcebreakerOffer(partnerId: string, empty: boolean): [boolean, () => void, () => void] {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (empty && !offered.has(partnerId)) {
      offered.add(partnerId);
      setOpen(true);
    }
  }, [empty, partnerId]);
  return [open, useCallback(() => setOpen(false), []), useCallback(() => setOpen(true), [])];
}

/** Spec §2 icebreaker modal: lines to choose from, a close and a "no" button. */
export function Icebreaker({
  open,
  name,
  onClose,
  onChoose,
}: {
  open: boolean;
  name: string;
  onClose: () => void;
  onChoose: (line: string) => void;
}) {
  const { t } = useTranslation();
  const lines = Array.from({ length: ICEBREAKER_LINES }, (_, i) =>
    t(`chat.icebreaker.line${i + 1}`, { name }),
  );
  return (
    <Modal open={open} title={t('chat.icebreaker.title')} closeLabel={t('common.close')} onClose={onClose}>
      <p>{t('chat.icebreaker.text', { name })}</p>
      <ul className="icebreaker">
        {lines.map((line) => (
          <li key={line}>
            <button type="button" className="icebreaker__line" onClick={() => onChoose(line)}>
              {line}
            </button>
          </li>
        ))}
      </ul>
      <div className="modal__actions">
        <Button variant="ghost" block onClick={onClose}>
          {t('chat.icebreaker.no')}
        </Button>
      </div>
    </Modal>
  );
}
