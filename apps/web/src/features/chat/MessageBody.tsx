import { useTranslation } from '../../app/translation.ts';
import { type LocalMessage, systemNoteText } from '../../entities/chat/logic.ts';
import { GiftArt } from './GiftArt.tsx';
import './messages.css';

/** What a bubble shows: text, a gift (its picture and name), or a photo that opens large. */
export function MessageBody({
  message: m,
  partnerName,
  onOpenPhoto,
}: {
  message: LocalMessage;
  partnerName: string;
  onOpenPhoto: (photo: { url: string; alt: string }) => void;
}) {
  const { t } = useTranslation();
  if (m.kind === 'gift') {
    const name = t(`chat.gifts.${m.gift}`);
    return (
      <p className="bubble__body bubble__gift">
        <span className="bubble__gift-art">
          <GiftArt id={m.gift ?? ''} size={48} />
        </span>
        <span>
          {m.mine
            ? t('chat.gifts.sent', { gift: name })
            : t('chat.gifts.received', { gift: name, name: partnerName })}
        </span>
      </p>
    );
  }
  if (m.kind === 'photo' && m.photo) {
    const alt = m.mine ? t('chat.photo.altMine') : t('chat.photo.altTheirs', { name: partnerName });
    return (
      <button
        type="button"
        className="bubble__photo"
        onClick={() => onOpenPhoto({ url: m.photo!.url, alt })}
        aria-label={t('chat.photo.enlarge', { what: alt })}
      >
        <img src={m.photo.thumb} alt={alt} loading="lazy" />
      </button>
    );
  }
  return (
    <p className="bubble__body">
      {m.kind === 'text'
        ? m.body
        : m.kind === 'system'
          ? systemNoteText(m, partnerName, t)
          : t(`chat.kind.${m.kind}`)}
    </p>
  );
}
