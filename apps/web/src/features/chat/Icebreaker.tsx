import { useState } from 'react';
import type { TFunction } from '../../app/translation.ts';
import { useTranslation } from '../../app/translation.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import './icebreaker.css';

/** The opening lines offered (catalog keys chat.icebreaker.line1 ... line6). */
export const ICEBREAKER_LINES = 6;

/** How many opening lines the empty conversation suggests inline; the modal has them all. */
const INLINE_LINES = 3;

/** The first `count` opening lines, with the partner's name. */
function openingLines(t: TFunction, count: number, name: string): string[] {
  return Array.from({ length: count }, (_, i) => t(`chat.icebreaker.line${i + 1}`, { name }));
}

/** Opening lines as buttons: choosing one puts it in the composer. */
function OpeningLines({ lines, onChoose }: { lines: string[]; onChoose: (line: string) => void }) {
  return (
    <ul className="icebreaker">
      {lines.map((line) => (
        <li key={line}>
          <button type="button" className="icebreaker__line" onClick={() => onChoose(line)}>
            {line}
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The icebreaker in an empty conversation: a few opening lines right in it (the composer stays
 * usable at once; a line only fills it), and "More ideas" for the spec's icebreaker modal with all
 * of them. It never opens by itself over the conversation.
 */
export function IcebreakerSuggestions({
  name,
  onChoose,
}: {
  name: string;
  onChoose: (line: string) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className="icebreaker-inline">
      <p className="icebreaker-inline__lead">{t('chat.icebreaker.inline')}</p>
      <OpeningLines lines={openingLines(t, INLINE_LINES, name)} onChoose={onChoose} />
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        {t('chat.icebreaker.more')}
      </Button>
      <Icebreaker
        open={open}
        name={name}
        onClose={() => setOpen(false)}
        onChoose={(line) => {
          setOpen(false);
          onChoose(line);
        }}
      />
    </div>
  );
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
  return (
    <Modal open={open} title={t('chat.icebreaker.title')} onClose={onClose}>
      <p>{t('chat.icebreaker.text', { name })}</p>
      <OpeningLines lines={openingLines(t, ICEBREAKER_LINES, name)} onChoose={onChoose} />
      <div className="modal__actions">
        <Button variant="ghost" block onClick={onClose}>
          {t('chat.icebreaker.no')}
        </Button>
      </div>
    </Modal>
  );
}
