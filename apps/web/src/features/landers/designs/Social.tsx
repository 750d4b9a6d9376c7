import type { LanderPageData, SearchCard } from '@amora/contracts';
import { useSettings } from '../../../api/queries.ts';
import { useTranslation } from '../../../app/translation.ts';
import { Frame, LanderPage } from '../LanderPage.tsx';
import { Caption, Cta, LANDER_SIZES, NicheCopy, Photo } from '../parts.tsx';
import './social.css';

/** Social network: a feed of members' posts, with likes and comments that need an account. */
function Social({ data }: { data: LanderPageData }) {
  const { t } = useTranslation();
  const s = useSettings();
  return (
    <Frame kind="social" inner="social">
      <aside className="social__side">
        <NicheCopy niche={data.niche} as="h1" />
        <Cta />
      </aside>
      <div className="social__feed">
        <h2 className="lander__h2">{t('lander.social.title', { siteName: s.name })}</h2>
        {data.members.slice(0, 8).map((m, i) => (
          <Post key={m.id} m={m} eager={i < 2} />
        ))}
        <Cta />
      </div>
    </Frame>
  );
}

/** A member's post: avatar, name and activity, the photo, and like, comment and message (all into signup). */
function Post({ m, eager }: { m: SearchCard; eager: boolean }) {
  const { t } = useTranslation();
  return (
    <article className="post card">
      <header className="post__head">
        <span className="post__avatar">
          <Photo m={m} eager={eager} sizes={LANDER_SIZES.avatar} />
        </span>
        <Caption m={m} />
        <span className="post__when">{t(`member.activity.${m.activity}`)}</span>
      </header>
      <a href={`/signup?member=${m.id}`} className="post__photo">
        <Photo m={m} eager={eager} sizes={LANDER_SIZES.post} />
        <span className="visually-hidden">{t('lander.social.photo', { name: m.name })}</span>
      </a>
      <footer className="post__actions">
        <a href={`/signup?member=${m.id}`}>{t('lander.social.like')}</a>
        <a href={`/signup?member=${m.id}`}>{t('lander.social.comment')}</a>
        <a href={`/signup?member=${m.id}`}>{t('lander.social.message')}</a>
      </footer>
    </article>
  );
}

export default function SocialLander() {
  return <LanderPage design={Social} />;
}
