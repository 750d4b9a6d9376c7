import { useSettings } from '../../api/queries.ts';
import { UserIcon } from '../../ui/icons.tsx';
import { mediaSrc } from '../../ui/media.ts';
import { photoAttrs } from '../../ui/photo.ts';
import './chat-avatar.css';

/** A round member photo, or the user icon when there is none. */
export function Avatar({ image, size = 48 }: { image: string | null; size?: number }) {
  const settings = useSettings();
  return image ? (
    <img
      className="chat-avatar"
      loading="lazy"
      {...photoAttrs(mediaSrc(settings.cdn_prefix, image), `${size}px`)}
      alt=""
      width={size}
      height={size}
    />
  ) : (
    <span className="chat-avatar chat-avatar--empty" style={{ width: size, height: size }} aria-hidden="true">
      <UserIcon size={Math.round(size / 2)} />
    </span>
  );
}
