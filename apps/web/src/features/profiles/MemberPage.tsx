import type { LikesResponse, MemberProfile, Photo } from '@amora/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type MouseEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError, errorText } from '../../api/client.ts';
import { useSettings, useUser } from '../../api/queries.ts';
import { Head } from '../../app/head.tsx';
import { ErrorView } from '../../pages/ErrorView.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { FictionalWarning } from '../../ui/FictionalWarning.tsx';
import {
  ArrowLeftIcon,
  BlockIcon,
  ChatIcon,
  FlagIcon,
  HeartIcon,
  LockIcon,
  PinIcon,
  UserIcon,
} from '../../ui/icons.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { mediaSrc } from '../accounts/media.ts';
import { ComplaintForm } from '../complaints/ComplaintForm.tsx';
import { likesKey, likesRoot, markLikeSeen } from '../likes/api.ts';
import { LikeToggle } from '../likes/LikeToggle.tsx';
import { blockMember, memberKey, unblockMember } from './api.ts';
import { LoginPrompt, type LoginReason, useLoginHref } from './LoginPrompt.tsx';
import { placeLine, useCountryName } from './places.ts';
import { useMember } from './queries.ts';

/** Where each visible field's values are labelled in the catalog. */
const VALUE_LABELS: Record<string, string> = {
  gender: 'profile.gender',
  seeking: 'profile.seeking',
  sexuality: 'member.sexuality',
  hair_color: 'profile.hair_color',
  eye_color: 'profile.eye_color',
  body_type: 'profile.body_type',
  relationship_status: 'profile.relationship_status',
  signup_reason: 'profile.signup_reason',
};

/** Back to the search the member came from (its pages and scroll position), or to /members. */
function BackToSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (location.key === 'default' || e.metaKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    void navigate(-1);
  };
  return (
    <Link to="/members" className="back-link" onClick={onClick}>
      <ArrowLeftIcon size={18} />
      {t('member.backToSearch')}
    </Link>
  );
}

/** Spec §8 "blocked by member": the page says so and leads back to the search. */
function NoAccess() {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <section className="error-page container">
      <Head title={t('meta.noAccessTitle', { siteName: settings.name })} noindex />
      <BlockIcon size={40} className="auth-card__icon auth-card__icon--danger" />
      <h1 className="error-page__message">{t('errors.blocked_by_member')}</h1>
      <ButtonLink to="/members" size="lg">
        {t('member.backToSearch')}
      </ButtonLink>
    </section>
  );
}

/** The lock on a premium photo: why it is blurred and the way to see it. */
function LockOverlay({ visitor }: { visitor: boolean }) {
  const { t } = useTranslation();
  const loginHref = useLoginHref();
  return (
    <div className="gallery__lock">
      <LockIcon size={30} />
      <p>{visitor ? t('errors.login_to_see_photos') : t('errors.premium_photo')}</p>
      {visitor ? (
        <ButtonLink to={loginHref} variant="light" size="sm">
          {t('nav.login')}
        </ButtonLink>
      ) : (
        <ButtonLink to="/premium" variant="light" size="sm">
          {t('nav.getPremium')}
        </ButtonLink>
      )}
    </div>
  );
}

/** Main photo large, thumbnails below; locked photos arrive blurred from the server and carry a lock. */
function Gallery({ member }: { member: MemberProfile }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const photos: Photo[] = member.photos.length
    ? member.photos
    : member.main_image
      ? [{ id: 'main', url: member.main_image, thumb: member.main_image, is_main: true, locked: false }]
      : [];
  const [index, setIndex] = useState(() =>
    Math.max(
      0,
      photos.findIndex((p) => p.is_main),
    ),
  );
  const current = photos[Math.min(index, photos.length - 1)];
  const visitor = member.viewer === 'visitor';
  if (!current) {
    return (
      <div className="gallery">
        <div className="gallery__main gallery__main--empty">
          <UserIcon size={96} />
          <p>{t('member.noPhotos')}</p>
        </div>
      </div>
    );
  }
  const n = photos.indexOf(current) + 1;
  return (
    <div className="gallery">
      <figure className={`gallery__main ${current.locked ? 'gallery__main--locked' : ''}`}>
        <img
          src={mediaSrc(settings.cdn_prefix, current.url)}
          alt={t('member.photoAlt', { n, name: member.name })}
          width={960}
          height={1200}
        />
        {current.locked ? <LockOverlay visitor={visitor} /> : null}
        {photos.length > 1 ? (
          <figcaption className="gallery__counter">
            {t('member.photoCounter', { n, total: photos.length })}
          </figcaption>
        ) : null}
      </figure>
      {photos.length > 1 ? (
        <ul className="gallery__thumbs" aria-label={t('member.photos')}>
          {photos.map((p, i) => (
            <li key={p.id}>
              <button
                type="button"
                className="gallery__thumb"
                aria-current={i + 1 === n ? 'true' : undefined}
                onClick={() => setIndex(i)}
              >
                <img
                  src={mediaSrc(settings.cdn_prefix, p.thumb)}
                  alt=""
                  width={96}
                  height={120}
                  loading="lazy"
                />
                {p.locked ? <LockIcon size={18} className="gallery__thumb-lock" /> : null}
                <span className="visually-hidden">
                  {t('member.showPhoto', { n: i + 1 })}
                  {p.locked ? ` (${t('member.locked')})` : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Block and unblock as a paired toggle (spec §4); blocking asks first, since it ends likes and chats. */
function BlockToggle({ member, onStatus }: { member: MemberProfile; onStatus: (s: string) => void }) {
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
        closeLabel={t('common.close')}
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

function ReportButton({ member }: { member: MemberProfile }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        <FlagIcon size={18} />
        {t('member.report')}
      </Button>
      <Modal
        open={open}
        title={t('member.reportTitle', { name: member.name })}
        closeLabel={t('common.close')}
        onClose={() => setOpen(false)}
      >
        <p className="muted">{t('complaints.lead')}</p>
        <ComplaintForm
          memberId={member.id}
          onDone={
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('common.close')}
            </Button>
          }
        />
      </Modal>
    </>
  );
}

function Actions({ member, onStatus }: { member: MemberProfile; onStatus: (s: string) => void }) {
  const { t } = useTranslation();
  const user = useUser();
  const [prompt, setPrompt] = useState<LoginReason | null>(null);
  if (user && user.id === member.id) {
    return (
      <div className="member-actions">
        <p className="form-alert form-alert--info">{t('member.ownProfile')}</p>
        <ButtonLink to="/profile" variant="secondary">
          {t('member.editOwn')}
        </ButtonLink>
      </div>
    );
  }
  if (member.viewer === 'visitor') {
    return (
      <div className="member-actions">
        <Button size="lg" onClick={() => setPrompt('login_to_like')}>
          <HeartIcon size={20} />
          {t('member.like')}
        </Button>
        <Button size="lg" variant="secondary" onClick={() => setPrompt('login_to_chat')}>
          <ChatIcon size={20} />
          {t('member.chat')}
        </Button>
        <LoginPrompt reason={prompt} onClose={() => setPrompt(null)} />
      </div>
    );
  }
  return (
    <>
      {member.match ? (
        <p className="member-match">
          <HeartIcon size={18} />
          {t('likes.matchNote', { name: member.name })}
        </p>
      ) : null}
      <div className="member-actions">
        {member.blocked_by_me ? null : <LikeToggle member={member} onStatus={onStatus} />}
        {member.blocked_by_me ? null : (
          <ButtonLink to={`/members/${member.id}/chat`} size="lg">
            <ChatIcon size={20} />
            {t('member.chat')}
          </ButtonLink>
        )}
      </div>
      <div className="member-actions member-actions--quiet">
        <BlockToggle member={member} onStatus={onStatus} />
        <ReportButton member={member} />
      </div>
    </>
  );
}

function FieldValue({ field, value }: { field: string; value: string | boolean }) {
  const { t } = useTranslation();
  if (typeof value === 'boolean') return <>{value ? t('common.yes') : t('common.no')}</>;
  const prefix = VALUE_LABELS[field];
  return <>{prefix ? t(`${prefix}.${value}`, { defaultValue: value }) : value}</>;
}

function Profile({ member }: { member: MemberProfile }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const countryName = useCountryName();
  const [status, setStatus] = useState('');
  const fields = (
    settings.visible_profile_fields.length ? settings.visible_profile_fields : Object.keys(member.fields)
  )
    .map((key) => [key, member.fields[key]] as const)
    .filter(
      (entry): entry is readonly [string, string | boolean] =>
        entry[1] !== null && entry[1] !== undefined && entry[1] !== '',
    );
  const place = placeLine([member.city, member.region, countryName(member.country)]);
  return (
    <div className="member-page container">
      <Head
        title={t('meta.memberTitle', { name: member.name, age: member.age, siteName: settings.name })}
        noindex
      />
      <BackToSearch />
      <div className="member-layout">
        <Gallery key={member.id} member={member} />
        <div className="member-info">
          <header className="member-info__head">
            <h1 className="member-info__name">
              {member.name}
              <span className="member-info__age">, {member.age}</span>
            </h1>
            {place ? (
              <p className="member-info__place">
                <PinIcon size={18} />
                {place}
              </p>
            ) : null}
            <p className="member-info__activity">
              <span className={`activity-dot activity-dot--${member.activity}`} aria-hidden="true" />
              {t(`member.activity.${member.activity}`)}
            </p>
            {member.fictional ? <FictionalWarning /> : null}
          </header>
          {member.blocked_by_me ? (
            <p className="form-alert form-alert--info">{t('member.blockedNote')}</p>
          ) : null}
          <Actions member={member} onStatus={setStatus} />
          <p className="member-status" role="status">
            {status}
          </p>
          <section className="member-section" aria-labelledby="member-about">
            <h2 id="member-about">{t('profile.about')}</h2>
            <p className="member-about">{member.about || t('member.noAbout', { name: member.name })}</p>
          </section>
          {member.interests.length ? (
            <section className="member-section" aria-labelledby="member-interests">
              <h2 id="member-interests">{t('profile.interests')}</h2>
              <ul className="tag-list">
                {member.interests.map((k) => (
                  <li key={k} className="tag">
                    {t(`interests.${k}`, { defaultValue: k })}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {fields.length ? (
            <section className="member-section" aria-labelledby="member-details">
              <h2 id="member-details">{t('member.details')}</h2>
              <dl className="member-fields">
                {fields.map(([key, value]) => (
                  <div key={key} className="member-fields__row">
                    <dt>{t(`member.fields.${key}`, { defaultValue: key })}</dt>
                    <dd>
                      <FieldValue field={key} value={value} />
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** /members/:id: another member's profile (spec §2), or the "no access" page when they blocked the viewer. */
export default function MemberPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useMember(id);
  const user = useUser();
  const client = useQueryClient();
  const viewed = query.data && user ? query.data.id : null;
  // Opening the profile of someone who liked me clears that like's "new" flag on the server (spec §4):
  // the likes reload when they hold this member as a new like, not on every profile.
  // Reading the profile writes nothing; the page says it was opened, and only when the likes are not
  // loaded yet or hold this member as a new like.
  useEffect(() => {
    if (!viewed || !user || viewed === user.id) return;
    const likes = client.getQueryData<LikesResponse>(likesKey(user.id));
    if (likes && !likes.liked_by.some((l) => l.id === viewed && l.like_new)) return;
    markLikeSeen(viewed).then(
      () => void client.invalidateQueries({ queryKey: likesRoot }),
      () => undefined, // the flag stays; the next visit tries again
    );
  }, [viewed, user, client]);
  if (query.error instanceof ApiError) {
    if (query.error.status === 404 || query.error.code === 'not_found') return <ErrorView status={404} />;
    if (query.error.code === 'blocked_by_member') return <NoAccess />;
  }
  if (query.isError) {
    return (
      <div className="member-page container">
        <BackToSearch />
        <div className="card search-empty" role="alert">
          <p>{t('errors.generic')}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('search.retry')}
          </Button>
        </div>
      </div>
    );
  }
  if (!query.data) {
    return (
      <div className="member-page container" aria-busy="true">
        <p className="visually-hidden" role="status">
          {t('common.loading')}
        </p>
        <div className="member-layout">
          <div className="gallery">
            <div className="gallery__main member-tile--placeholder" />
          </div>
          <div className="member-info">
            <div className="placeholder-line placeholder-line--title member-tile--placeholder" />
            <div className="placeholder-line member-tile--placeholder" />
            <div className="placeholder-line member-tile--placeholder" />
          </div>
        </div>
      </div>
    );
  }
  return <Profile member={query.data} />;
}
