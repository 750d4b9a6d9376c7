import '../sites/sites.css';
import {
  type AdminFictionalProfile,
  BODY_TYPES,
  EYE_COLORS,
  type FictionalProfileInput,
  HAIR_COLORS,
  INTERESTS,
  RELATIONSHIP_STATUSES,
} from '@amora/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Link,
  NavLink,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
import { ApiError, errorText } from '../../../api/client.ts';
import { useSettings } from '../../../api/queries.ts';
import { Button, ButtonLink } from '../../../ui/Button.tsx';
import { FormAlert, SelectField, TextAreaField, TextField } from '../../../ui/fields.tsx';
import { QueryError } from '../../../ui/QueryError.tsx';
import { hasRole, useOperatorSession } from '../api.ts';
import {
  addProfilePhoto,
  conversationKey,
  createProfile,
  fetchConversation,
  fetchInbox,
  fetchProfile,
  fetchProfiles,
  inboxKey,
  profileKey,
  profilesKey,
  sendReply,
  updateProfile,
} from './api.ts';

/**
 * /admin/fictional: the inbox of members' conversations with the site's fictional profiles
 * (support and admins), one conversation with the answer box, and the profiles (admins).
 */
export default function FictionalPage() {
  return (
    <Routes>
      <Route index element={<Inbox />} />
      <Route path="c/:id" element={<Conversation />} />
      <Route path="profiles" element={<Profiles />} />
      <Route path="profiles/new" element={<ProfileEditor />} />
      <Route path="profiles/:id" element={<ProfileEditor />} />
    </Routes>
  );
}

function Tabs() {
  const { t } = useTranslation();
  const session = useOperatorSession();
  if (!hasRole(session.data, ['admin'])) return null;
  return (
    <nav className="adm-sites__facts" aria-label={t('admin.fictional.title')}>
      <NavLink to="/admin/fictional" end>
        {t('admin.fictional.inbox')}
      </NavLink>
      <NavLink to="/admin/fictional/profiles">{t('admin.fictional.profiles')}</NavLink>
    </nav>
  );
}

const when = (iso: string, lng: string) =>
  new Intl.DateTimeFormat(lng, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));

function Inbox() {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const inbox = useQuery({
    queryKey: inboxKey(page),
    queryFn: ({ signal }) => fetchInbox(page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
  return (
    <section className="adm-sites" aria-labelledby="adm-fict-title">
      <h1 id="adm-fict-title">{t('admin.fictional.inboxTitle', { plural: settings.fictional_plural })}</h1>
      <Tabs />
      {inbox.data?.switched_off ? (
        <FormAlert tone="info">{t('admin.fictional.switchedOff')}</FormAlert>
      ) : null}
      {inbox.isError && !inbox.data ? (
        <QueryError query={inbox} />
      ) : !inbox.data ? (
        <p>{t('admin.core.loading')}</p>
      ) : inbox.data.entries.length === 0 ? (
        <p>{t('admin.fictional.empty')}</p>
      ) : (
        <>
          <ul className="adm-sites__list" aria-label={t('admin.fictional.inbox')}>
            {inbox.data.entries.map((e) => (
              <li
                key={e.conversation_id}
                className={`adm-sites__item${e.unanswered ? ' adm-sites__item--new' : ''}`}
              >
                <Link to={`/admin/fictional/c/${e.conversation_id}`}>
                  <strong>
                    {t('admin.fictional.pair', { member: e.member.name, fictional: e.fictional.name })}
                  </strong>
                </Link>
                <span className="adm-sites__facts">
                  {e.unanswered ? (
                    <span className="adm-sites__tag">{t('admin.fictional.unanswered')}</span>
                  ) : null}
                  <span>{e.last_body}</span>
                  <time dateTime={e.last_message_at}>{when(e.last_message_at, i18n.language)}</time>
                </span>
              </li>
            ))}
          </ul>
          <nav className="adm-sites__actions" aria-label={t('admin.fictional.pages')}>
            <Button
              variant="secondary"
              size="sm"
              disabled={page <= 1}
              onClick={() => setParams({ page: String(page - 1) })}
            >
              {t('admin.fictional.previous')}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={!inbox.data.more}
              onClick={() => setParams({ page: String(page + 1) })}
            >
              {t('admin.fictional.next')}
            </Button>
          </nav>
        </>
      )}
    </section>
  );
}

function Conversation() {
  const { t, i18n } = useTranslation();
  const id = useParams().id!;
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  const [clientId, setClientId] = useState(() => crypto.randomUUID());
  const conv = useQuery({
    queryKey: conversationKey(id),
    queryFn: ({ signal }) => fetchConversation(id, signal),
    refetchInterval: 15_000,
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    try {
      const next = await sendReply(id, { client_id: clientId, body: text.trim() });
      client.setQueryData(conversationKey(id), next);
      void client.invalidateQueries({ queryKey: ['admin', 'fictional', 'inbox'] });
      setText('');
      setAlert('');
      setClientId(crypto.randomUUID());
    } catch (err) {
      setAlert(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  if (conv.isError) return <QueryError query={conv} />;
  if (!conv.data) return <p>{t('admin.core.loading')}</p>;
  const { entry, messages } = conv.data;
  return (
    <section className="adm-sites" aria-labelledby="adm-conv-title">
      <div className="adm-sites__head">
        <h1 id="adm-conv-title">
          {t('admin.fictional.pair', { member: entry.member.name, fictional: entry.fictional.name })}
        </h1>
        <Link to="/admin/fictional">{t('admin.fictional.backToInbox')}</Link>
      </div>
      <ol className="adm-chat" aria-label={t('admin.fictional.messages')}>
        {messages.map((m) => (
          <li key={m.id} className={`adm-chat__msg${m.from_fictional ? ' adm-chat__msg--fictional' : ''}`}>
            <span className="adm-chat__meta">
              {m.from_fictional
                ? t('admin.fictional.byOperator', {
                    name: entry.fictional.name,
                    operator: m.operator_name ?? t('admin.fictional.noOperator'),
                  })
                : entry.member.name}
              {' · '}
              <time dateTime={m.created_at}>{when(m.created_at, i18n.language)}</time>
            </span>
            {m.kind === 'text' ? m.body : t('admin.fictional.kind', { kind: m.gift ?? m.kind })}
          </li>
        ))}
      </ol>
      <form className="adm-sites__form" onSubmit={submit}>
        <FormAlert>{alert}</FormAlert>
        <TextAreaField
          label={t('admin.fictional.answerAs', { name: entry.fictional.name })}
          name="body"
          rows={3}
          maxLength={10000}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <div className="adm-sites__actions">
          <Button type="submit" busy={busy} disabled={!text.trim()}>
            {t('admin.fictional.send')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function Profiles() {
  const { t } = useTranslation();
  const list = useQuery({ queryKey: profilesKey, queryFn: ({ signal }) => fetchProfiles(signal) });
  return (
    <section className="adm-sites" aria-labelledby="adm-prof-title">
      <div className="adm-sites__head">
        <h1 id="adm-prof-title">{t('admin.fictional.profiles')}</h1>
        <ButtonLink to="/admin/fictional/profiles/new" size="sm">
          {t('admin.fictional.newProfile')}
        </ButtonLink>
      </div>
      <Tabs />
      {list.isError ? (
        <QueryError query={list} />
      ) : !list.data ? (
        <p>{t('admin.core.loading')}</p>
      ) : (
        <ul className="adm-sites__list" aria-label={t('admin.fictional.profiles')}>
          {list.data.profiles.map((p) => (
            <li key={p.id} className="adm-sites__item">
              <Link to={`/admin/fictional/profiles/${p.id}`}>
                <strong>{p.name}</strong>
              </Link>
              <span className="adm-sites__facts">
                <span>{p.fictional ? t('admin.fictional.marked') : t('admin.fictional.unmarked')}</span>
                <span>{t('admin.fictional.conversationsN', { count: p.conversations })}</span>
                <span>{[p.city, p.country].filter(Boolean).join(', ')}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const blank: FictionalProfileInput = {
  name: '',
  gender: 'female',
  seeking: 'male',
  birth_date: '1990-01-01',
  country: 'US',
  region: null,
  city: null,
  about: '',
  interests: [],
  hair_color: null,
  eye_color: null,
  body_type: null,
  relationship_status: null,
  fictional: true,
};

function ProfileEditor() {
  const { t } = useTranslation();
  const id = useParams().id;
  const existing = useQuery({
    queryKey: profileKey(id ?? 'new'),
    queryFn: ({ signal }) => fetchProfile(id!, signal),
    enabled: !!id,
  });
  if (id && existing.isError) return <QueryError query={existing} />;
  if (id && !existing.data) return <p>{t('admin.core.loading')}</p>;
  return <ProfileForm key={existing.data?.id ?? 'new'} profile={existing.data ?? null} />;
}

function ProfileForm({ profile }: { profile: AdminFictionalProfile | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [v, setV] = useState<FictionalProfileInput>(() => {
    if (!profile) return blank;
    const { id: _id, conversations: _c, created_at: _t, ...rest } = profile;
    return rest;
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  // A new profile's page opens after its creation: it says so there.
  const [saved, setSaved] = useState(!!(useLocation().state as { saved?: boolean } | null)?.saved);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof FictionalProfileInput>(k: K, value: FictionalProfileInput[K]) =>
    setV((s) => ({ ...s, [k]: value }));
  const nullable = (s: string) => (s === '' ? null : s);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setSaved(false);
    try {
      const saved = profile ? await updateProfile(profile.id, v) : await createProfile(v);
      setErrors({});
      setAlert('');
      setSaved(true);
      client.setQueryData(profileKey(saved.id), saved);
      void client.invalidateQueries({ queryKey: profilesKey });
      if (!profile)
        navigate(`/admin/fictional/profiles/${saved.id}`, { replace: true, state: { saved: true } });
    } catch (err) {
      setErrors(err instanceof ApiError && err.fields ? err.fields : {});
      setAlert(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  const options = (list: readonly string[], prefix: string) =>
    list.map((o) => (
      <option key={o} value={o}>
        {t(`${prefix}.${o}`, { defaultValue: o })}
      </option>
    ));
  /** One of the profile's optional choices: "—" (none) or a value of `list` (labels `profile.<k>.<value>`). */
  const choice = (
    k: 'relationship_status' | 'hair_color' | 'eye_color' | 'body_type',
    label: string,
    list: readonly string[],
  ) => (
    <SelectField
      label={t(label)}
      name={k}
      value={v[k] ?? ''}
      onChange={(e) => set(k, nullable(e.target.value) as FictionalProfileInput[typeof k])}
    >
      <option value="">—</option>
      {options(list, `profile.${k}`)}
    </SelectField>
  );
  return (
    <section className="adm-sites" aria-labelledby="adm-pform-title">
      <div className="adm-sites__head">
        <h1 id="adm-pform-title">{profile ? profile.name : t('admin.fictional.newProfile')}</h1>
        <Link to="/admin/fictional/profiles">{t('admin.fictional.backToProfiles')}</Link>
      </div>
      <form className="adm-sites__form" onSubmit={submit} noValidate>
        <FormAlert>{alert}</FormAlert>
        {saved ? <FormAlert tone="success">{t('admin.fictional.saved')}</FormAlert> : null}
        <div className="adm-sites__group">
          <div className="adm-sites__grid">
            <TextField
              label={t('admin.fictional.name')}
              name="name"
              value={v.name}
              error={errors.name}
              required
              onChange={(e) => set('name', e.target.value)}
            />
            <TextField
              label={t('admin.fictional.birthDate')}
              name="birth_date"
              type="date"
              value={v.birth_date}
              error={errors.birth_date}
              onChange={(e) => set('birth_date', e.target.value)}
            />
            <SelectField
              label={t('admin.fictional.gender')}
              name="gender"
              value={v.gender}
              onChange={(e) => set('gender', e.target.value as FictionalProfileInput['gender'])}
            >
              {options(['female', 'male'], 'profile.gender')}
            </SelectField>
            <SelectField
              label={t('admin.fictional.seeking')}
              name="seeking"
              value={v.seeking}
              onChange={(e) => set('seeking', e.target.value as FictionalProfileInput['seeking'])}
            >
              {options(['male', 'female', 'both'], 'profile.seeking')}
            </SelectField>
            <TextField
              label={t('admin.fictional.country')}
              hint={t('admin.fictional.countryHint')}
              name="country"
              maxLength={2}
              value={v.country}
              error={errors.country}
              onChange={(e) => set('country', e.target.value.toUpperCase())}
            />
            <TextField
              label={t('admin.fictional.region')}
              name="region"
              value={v.region ?? ''}
              onChange={(e) => set('region', nullable(e.target.value))}
            />
            <TextField
              label={t('admin.fictional.city')}
              name="city"
              value={v.city ?? ''}
              onChange={(e) => set('city', nullable(e.target.value))}
            />
            {choice('relationship_status', 'profile.relationshipStatus', RELATIONSHIP_STATUSES)}
            {choice('hair_color', 'profile.hairColor', HAIR_COLORS)}
            {choice('eye_color', 'profile.eyeColor', EYE_COLORS)}
            {choice('body_type', 'profile.bodyType', BODY_TYPES)}
            <TextAreaField
              className="adm-sites__wide"
              label={t('admin.fictional.about')}
              name="about"
              rows={4}
              maxLength={2000}
              value={v.about}
              error={errors.about}
              onChange={(e) => set('about', e.target.value)}
            />
            <fieldset className="adm-sites__wide adm-sites__group">
              <legend>{t('admin.fictional.interests')}</legend>
              <div className="adm-sites__facts">
                {INTERESTS.map((i) => (
                  <label key={i} className="adm-sites__check">
                    <input
                      type="checkbox"
                      checked={v.interests.includes(i)}
                      onChange={(e) =>
                        set(
                          'interests',
                          e.target.checked ? [...v.interests, i] : v.interests.filter((x) => x !== i),
                        )
                      }
                    />{' '}
                    {t(`interests.${i}`, { defaultValue: i })}
                  </label>
                ))}
              </div>
              {errors.interests ? <p className="field__error">{errors.interests}</p> : null}
            </fieldset>
            <div className="field adm-sites__check adm-sites__wide">
              <label>
                <input
                  type="checkbox"
                  name="fictional"
                  checked={v.fictional}
                  onChange={(e) => set('fictional', e.target.checked)}
                />{' '}
                {t('admin.fictional.mark')}
              </label>
              <p className="adm-sites__muted">{t('admin.fictional.markHint')}</p>
            </div>
          </div>
        </div>
        <div className="adm-sites__actions">
          <Button type="submit" busy={busy}>
            {t('admin.fictional.save')}
          </Button>
        </div>
      </form>
      {profile ? <ProfilePhotos profile={profile} /> : null}
    </section>
  );
}

/** The profile's photos and an upload (the members' pipeline: checked, re-encoded, no metadata). */
function ProfilePhotos({ profile }: { profile: AdminFictionalProfile }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      client.setQueryData(profileKey(profile.id), await addProfilePhoto(profile.id, file));
      setAlert('');
    } catch (err) {
      setAlert(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="adm-sites__group" aria-busy={busy}>
      <h2>{t('admin.fictional.photos')}</h2>
      <FormAlert>{alert}</FormAlert>
      {profile.photos.length ? (
        <ul className="adm-sites__facts" aria-label={t('admin.fictional.photos')}>
          {profile.photos.map((p, i) => (
            <li key={p.id}>
              <img src={p.url} alt={t('admin.fictional.photoN', { n: i + 1 })} width={96} height={120} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="adm-sites__muted">{t('admin.fictional.noPhotos')}</p>
      )}
      <label className="field">
        <span className="field__label">{t('admin.fictional.addPhoto')}</span>
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic"
          disabled={busy}
          onChange={(e) => {
            void upload(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </label>
    </div>
  );
}
