import { GIFTS, type GiftId, giftPrice } from '@amora/contracts/rules';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useSettings, useUser } from '../../api/queries.ts';
import { useTranslation } from '../../app/translation.ts';
import { Button } from '../../ui/Button.tsx';
import { GiftIcon, ImageIcon } from '../../ui/icons.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { PHOTO_ACCEPT, precheckPhoto } from '../../ui/photo-files.ts';
import { GiftArt } from './GiftArt.tsx';
import './composer.css';
import './attachments.css';

/** The gift catalogue (contracts/rules GIFTS) with each gift's price, shown before paying. */
export function GiftPicker({
  open,
  name,
  onClose,
  onSend,
}: {
  open: boolean;
  name: string;
  onClose: () => void;
  onSend: (gift: GiftId) => void;
}) {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  return (
    <Modal open={open} size="md" title={t('chat.gifts.title', { name })} onClose={onClose}>
      <p className="muted">{t('chat.gifts.text', { name })}</p>
      {user ? <p className="gift-balance">{t('chat.gifts.balance', { count: user.credits })}</p> : null}
      <ul className="gift-grid">
        {GIFTS.map((g) => {
          const price = giftPrice(settings.gift_credits, g.id) ?? 0;
          const label = t(`chat.gifts.${g.id}`);
          return (
            <li key={g.id}>
              <button
                type="button"
                className="gift-grid__item"
                aria-label={t('chat.gifts.sendLabel', { gift: label, count: price })}
                onClick={() => onSend(g.id)}
              >
                <GiftArt id={g.id} size={52} />
                <span className="gift-grid__name">{label}</span>
                <span className="gift-grid__price">{t('chat.gifts.price', { count: price })}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}

/** The chosen photo with its price, sent only when the member confirms. */
export function PhotoConfirm({
  file,
  name,
  onCancel,
  onSend,
}: {
  file: File | null;
  name: string;
  onCancel: () => void;
  onSend: (file: File) => void;
}) {
  const { t } = useTranslation();
  const settings = useSettings();
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const price = settings.photo_credits;
  return (
    <Modal open={!!file} size="sm" title={t('chat.photo.title', { name })} onClose={onCancel}>
      {preview ? (
        <img className="photo-confirm__preview" src={preview} alt={t('chat.photo.preview')} />
      ) : null}
      <div className="modal__actions">
        <Button size="lg" block onClick={() => file && onSend(file)}>
          {price > 0 ? t('chat.photo.sendPrice', { count: price }) : t('chat.photo.send')}
        </Button>
        <Button variant="ghost" block onClick={onCancel}>
          {t('member.cancel')}
        </Button>
      </div>
    </Modal>
  );
}

/** A composer tool: an icon button named by its label, which is also its tooltip. */
function ToolButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className="composer__tool" aria-label={label} title={label} onClick={onClick}>
      {children}
    </button>
  );
}

/**
 * The composer's gift and photo buttons. Photos are for premium members (the server enforces it;
 * free members are told at once instead of after an upload). A file that is no photo by its name
 * and type, or too large, is refused here with the server's wording; the server checks the content.
 */
export function AttachmentButtons({
  onGift,
  onPhoto,
  onPremium,
  onInvalid,
}: {
  onGift: () => void;
  onPhoto: (file: File) => void;
  onPremium: () => void;
  onInvalid: (code: 'photo_invalid' | 'photo_too_large') => void;
}) {
  const { t } = useTranslation();
  const user = useUser();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="composer__tools">
      <ToolButton label={t('chat.gifts.open')} onClick={onGift}>
        <GiftIcon size={20} />
      </ToolButton>
      <ToolButton
        label={t('chat.photo.open')}
        onClick={() => (user?.paid_user ? input.current?.click() : onPremium())}
      >
        <ImageIcon size={20} />
      </ToolButton>
      <input
        ref={input}
        type="file"
        accept={PHOTO_ACCEPT}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          const problem = precheckPhoto(file);
          if (problem) onInvalid(problem);
          else onPhoto(file);
        }}
      />
    </div>
  );
}
