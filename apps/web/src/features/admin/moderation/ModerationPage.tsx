import {
  type AppealItem,
  MODERATION_CATEGORIES,
  PHOTO_REJECT_REASONS,
  type PhotoQueueItem,
  type ReportDecision,
} from '@amora/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Route, Routes, useNavigate, useParams } from 'react-router';
import { errorText } from '../../../api/client.ts';
import { Head } from '../../../app/head.tsx';
import { useFormat } from '../../../app/i18n.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormAlert, SelectField, TextAreaField, TextField } from '../../../ui/fields.tsx';
import { QueryError } from '../../../ui/QueryError.tsx';
import { TableScroll } from '../ui/TableScroll.tsx';
import {
  appealsKey,
  decideAppeal,
  decidePhoto,
  decideReport,
  fetchAppeals,
  fetchPhotos,
  fetchReport,
  fetchReports,
  fetchTransparency,
  photosKey,
  reportKey,
  reportsKey,
  transparencyCsvHref,
  transparencyKey,
} from './api.ts';
import './moderation-admin.css';

/**
 * /admin/moderation (moderators and admins): the reports queue with each report's detail and
 * decision form, the photo review queue, the appeals queue and the transparency export. The
 * server checks the role and the site on every call; decisions are audited there.
 */
export default function ModerationPage() {
  return (
    <section className="admin-page">
      <Tabs />
      <Routes>
        <Route index element={<Reports />} />
        <Route path="reports/:id" element={<ReportDetail />} />
        <Route path="photos" element={<Photos />} />
        <Route path="appeals" element={<Appeals />} />
        <Route path="transparency" element={<Transparency />} />
      </Routes>
    </section>
  );
}

function Tabs() {
  const { t } = useTranslation();
  return (
    <nav className="mod-tabs" aria-label={t('admin.moderation.nav')}>
      <NavLink to="/admin/moderation" end>
        {t('admin.moderation.tabs.reports')}
      </NavLink>
      <NavLink to="/admin/moderation/photos">{t('admin.moderation.tabs.photos')}</NavLink>
      <NavLink to="/admin/moderation/appeals">{t('admin.moderation.tabs.appeals')}</NavLink>
      <NavLink to="/admin/moderation/transparency">{t('admin.moderation.tabs.transparency')}</NavLink>
    </nav>
  );
}

function Repeat({ n }: { n: number }) {
  const { t } = useTranslation();
  return n > 0 ? (
    <span className="admin-chip mod-repeat">{t('admin.moderation.upheld', { count: n })}</span>
  ) : null;
}

// --- reports ---------------------------------------------------------------------------------

function Reports() {
  const { t } = useTranslation();
  const { date } = useFormat();
  const q = useQuery({ queryKey: reportsKey, queryFn: ({ signal }) => fetchReports(signal) });
  return (
    <>
      <Head title={t('admin.moderation.reports.title')} noindex />
      <h1 className="admin-page__title">{t('admin.moderation.reports.title')}</h1>
      {q.isError ? <QueryError query={q} className="card admin-card" /> : null}
      {q.data && !q.data.reports.length ? (
        <p className="admin-muted">{t('admin.moderation.reports.empty')}</p>
      ) : null}
      {q.data?.reports.length ? (
        <ul className="admin-list card admin-card" aria-label={t('admin.moderation.reports.title')}>
          {q.data.reports.map((r) => (
            <li key={r.id} className="admin-list__item">
              <div className="admin-list__head">
                <Link to={`/admin/moderation/reports/${r.id}`}>
                  <strong>{t(`complaints.reasons.${r.reason}`, { defaultValue: r.reason })}</strong>
                  {' · '}
                  {r.member_name ?? t('admin.moderation.reports.aboutSite')}
                </Link>
                <Repeat n={r.upheld} />
              </div>
              <p className="admin-muted">
                {t('admin.moderation.reports.by', { name: r.reporter_name, date: date(r.created_at) })}
              </p>
              <p className="mod-excerpt">{r.text}</p>
            </li>
          ))}
        </ul>
      ) : null}
      {q.isPending ? <p className="admin-muted">{t('common.loading')}</p> : null}
    </>
  );
}

const ACTIONS = ['dismiss', 'remove_photo', 'hide_profile', 'suspend', 'ban'] as const;

function ReportDetail() {
  const { t } = useTranslation();
  const { date } = useFormat();
  const { id = '' } = useParams();
  const q = useQuery({ queryKey: reportKey(id), queryFn: ({ signal }) => fetchReport(id, signal) });
  const d = q.data;
  return (
    <>
      <Head title={t('admin.moderation.report.title')} noindex />
      <h1 className="admin-page__title">{t('admin.moderation.report.title')}</h1>
      {q.isError ? <QueryError query={q} className="card admin-card" /> : null}
      {q.isPending ? <p className="admin-muted">{t('common.loading')}</p> : null}
      {d ? (
        <>
          <div className="card admin-card">
            <h2 className="admin-card__title">
              {t(`complaints.reasons.${d.report.reason}`, { defaultValue: d.report.reason })}
            </h2>
            <p className="admin-muted">
              {t('admin.moderation.reports.by', {
                name: d.report.reporter_name,
                date: date(d.report.created_at),
              })}
            </p>
            <p className="mod-text">{d.report.text}</p>
          </div>
          {d.member ? (
            <div className="card admin-card">
              <h2 className="admin-card__title">
                {d.member.name} <Repeat n={d.report.upheld} />
              </h2>
              <dl className="admin-facts">
                <dt>{t('admin.moderation.report.account')}</dt>
                <dd>
                  {t(`admin.moderation.accountStatus.${d.member.account_status}`, {
                    defaultValue: d.member.account_status,
                  })}
                </dd>
                <dt>{t('admin.moderation.report.profile')}</dt>
                <dd>
                  {t(`admin.moderation.profileStatus.${d.member.profile_status}`, {
                    defaultValue: d.member.profile_status,
                  })}
                </dd>
                {d.member.city ? (
                  <>
                    <dt>{t('admin.moderation.report.city')}</dt>
                    <dd>{d.member.city}</dd>
                  </>
                ) : null}
                {d.member.about ? (
                  <>
                    <dt>{t('admin.moderation.report.about')}</dt>
                    <dd>{d.member.about}</dd>
                  </>
                ) : null}
              </dl>
              {d.member.photos.length ? (
                <ul className="mod-photos" aria-label={t('admin.moderation.report.photos')}>
                  {d.member.photos.map((p, i) => (
                    <li key={p.id}>
                      <img
                        src={p.thumb}
                        alt={t('admin.moderation.report.photoN', { n: i + 1 })}
                        width={96}
                        height={120}
                      />
                      <span className="admin-muted">
                        {t(`photos.status.${p.status}`, { defaultValue: p.status })}
                      </span>
                    </li>
                  ))}
                </ul>
              ) : null}
              {d.member.decisions.length ? (
                <>
                  <h3 className="admin-card__subtitle">{t('admin.moderation.report.history')}</h3>
                  <ul className="admin-list">
                    {d.member.decisions.map((x) => (
                      <li key={x.id} className="admin-list__item">
                        {date(x.decided_at)} · {t(`admin.moderation.actions.${x.action}`)}
                        {x.category ? ` · ${t(`moderation.categories.${x.category}`)}` : ''}
                        {x.state !== 'in_force' ? ` · ${t(`moderation.notice.state.${x.state}`)}` : ''}
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
            </div>
          ) : null}
          {d.report.status === 'open' || d.report.status === 'in_review' ? (
            <DecisionForm
              id={id}
              photos={d.member?.photos.filter((p) => p.status !== 'rejected') ?? []}
              hasMember={!!d.member}
            />
          ) : (
            <p className="admin-muted">{t('admin.moderation.report.decided')}</p>
          )}
        </>
      ) : null}
    </>
  );
}

function DecisionForm({
  id,
  photos,
  hasMember,
}: {
  id: string;
  photos: { id: string; thumb: string }[];
  hasMember: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [action, setAction] = useState<(typeof ACTIONS)[number]>('dismiss');
  const [category, setCategory] = useState('');
  const [photoId, setPhotoId] = useState('');
  const [until, setUntil] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const actions = hasMember ? ACTIONS : (['dismiss'] as const);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setFailed(null);
    try {
      const body = {
        action,
        ...(category && action !== 'dismiss' ? { category } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(action === 'remove_photo' && photoId ? { photo_id: photoId } : {}),
        ...(action === 'suspend' && until ? { until } : {}),
      } as ReportDecision;
      await decideReport(id, body);
      await client.invalidateQueries({ queryKey: ['admin', 'moderation'] });
      navigate('/admin/moderation', { state: { decided: true } });
    } catch (err) {
      setFailed(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card admin-card" onSubmit={submit} noValidate aria-labelledby="mod-decide-title">
      <h2 id="mod-decide-title" className="admin-card__title">
        {t('admin.moderation.decide.title')}
      </h2>
      {failed ? <FormAlert>{failed}</FormAlert> : null}
      <div className="admin-filters">
        <SelectField
          label={t('admin.moderation.decide.action')}
          value={action}
          onChange={(e) => setAction(e.target.value as (typeof ACTIONS)[number])}
        >
          {actions.map((a) => (
            <option key={a} value={a}>
              {t(`admin.moderation.actions.${a}`)}
            </option>
          ))}
        </SelectField>
        {action !== 'dismiss' ? (
          <SelectField
            label={t('admin.moderation.decide.category')}
            value={category}
            required
            onChange={(e) => setCategory(e.target.value)}
          >
            <option value="">{t('admin.moderation.decide.choose')}</option>
            {MODERATION_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`moderation.categories.${c}`)}
              </option>
            ))}
          </SelectField>
        ) : null}
        {action === 'remove_photo' ? (
          <fieldset className="mod-photo-choice">
            <legend>{t('admin.moderation.decide.photo')}</legend>
            {photos.map((p, i) => (
              <label key={p.id}>
                <input
                  type="radio"
                  name="photo"
                  value={p.id}
                  checked={photoId === p.id}
                  onChange={() => setPhotoId(p.id)}
                />
                <img
                  src={p.thumb}
                  alt={t('admin.moderation.report.photoN', { n: i + 1 })}
                  width={64}
                  height={80}
                />
              </label>
            ))}
          </fieldset>
        ) : null}
        {action === 'suspend' ? (
          <TextField
            label={t('admin.moderation.decide.until')}
            type="date"
            required
            value={until}
            onChange={(e) => setUntil(e.target.value)}
          />
        ) : null}
        <TextAreaField
          label={t('admin.moderation.decide.note')}
          hint={t('admin.moderation.decide.noteHint')}
          rows={4}
          maxLength={2000}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      <p className="admin-muted">{t('admin.moderation.decide.statement')}</p>
      <div className="admin-actions">
        <Button type="submit" busy={busy} disabled={busy}>
          {t('admin.moderation.decide.submit')}
        </Button>
      </div>
    </form>
  );
}

// --- photos ----------------------------------------------------------------------------------

function Photos() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: photosKey, queryFn: ({ signal }) => fetchPhotos(signal) });
  return (
    <>
      <Head title={t('admin.moderation.photos.title')} noindex />
      <h1 className="admin-page__title">{t('admin.moderation.photos.title')}</h1>
      {q.data ? (
        <p className="admin-muted">{t(`admin.moderation.photos.policy.${q.data.approval}`)}</p>
      ) : null}
      {q.isError ? <QueryError query={q} className="card admin-card" /> : null}
      {q.isPending ? <p className="admin-muted">{t('common.loading')}</p> : null}
      {q.data && !q.data.photos.length ? (
        <p className="admin-muted">{t('admin.moderation.photos.empty')}</p>
      ) : null}
      {q.data?.photos.length ? (
        <ul className="mod-queue" aria-label={t('admin.moderation.photos.title')}>
          {q.data.photos.map((p) => (
            <PhotoItem key={p.id} photo={p} />
          ))}
        </ul>
      ) : null}
    </>
  );
}

function PhotoItem({ photo: p }: { photo: PhotoQueueItem }) {
  const { t } = useTranslation();
  const { date } = useFormat();
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const decide = async (decision: 'approve' | 'reject') => {
    setBusy(decision);
    setFailed(null);
    try {
      await decidePhoto(
        p.id,
        decision === 'approve'
          ? { decision }
          : {
              decision,
              category: reason as (typeof PHOTO_REJECT_REASONS)[number],
              ...(note.trim() ? { note: note.trim() } : {}),
            },
      );
      await client.invalidateQueries({ queryKey: photosKey });
    } catch (err) {
      setFailed(errorText(err, t));
    } finally {
      setBusy(null);
    }
  };
  const label = t('admin.moderation.photos.of', { name: p.member_name });
  return (
    <li className="card admin-card mod-queue__item" aria-label={label}>
      <img src={p.url} alt={label} className="mod-queue__img" width={240} height={300} />
      <div>
        <p>
          <strong>{p.member_name}</strong> <Repeat n={p.upheld} />
        </p>
        <p className="admin-muted">
          {t(`admin.moderation.photos.status.${p.status}`)} · {date(p.uploaded_at)}
        </p>
        {failed ? <FormAlert>{failed}</FormAlert> : null}
        <div className="admin-actions">
          <Button busy={busy === 'approve'} disabled={!!busy} onClick={() => void decide('approve')}>
            {t('admin.moderation.photos.approve')}
          </Button>
        </div>
        <SelectField
          label={t('admin.moderation.photos.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        >
          <option value="">{t('admin.moderation.decide.choose')}</option>
          {PHOTO_REJECT_REASONS.map((c) => (
            <option key={c} value={c}>
              {t(`moderation.categories.${c}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('admin.moderation.photos.note')}
          value={note}
          maxLength={2000}
          onChange={(e) => setNote(e.target.value)}
        />
        <div className="admin-actions">
          <Button
            variant="secondary"
            busy={busy === 'reject'}
            disabled={!!busy || !reason}
            onClick={() => void decide('reject')}
          >
            {t('admin.moderation.photos.reject')}
          </Button>
        </div>
      </div>
    </li>
  );
}

// --- appeals ---------------------------------------------------------------------------------

function Appeals() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: appealsKey, queryFn: ({ signal }) => fetchAppeals(signal) });
  return (
    <>
      <Head title={t('admin.moderation.appeals.title')} noindex />
      <h1 className="admin-page__title">{t('admin.moderation.appeals.title')}</h1>
      <p className="admin-muted">{t('admin.moderation.appeals.lead')}</p>
      {q.isError ? <QueryError query={q} className="card admin-card" /> : null}
      {q.isPending ? <p className="admin-muted">{t('common.loading')}</p> : null}
      {q.data && !q.data.appeals.length ? (
        <p className="admin-muted">{t('admin.moderation.appeals.empty')}</p>
      ) : null}
      {q.data?.appeals.map((a) => (
        <AppealCard key={a.id} appeal={a} />
      ))}
    </>
  );
}

function AppealCard({ appeal: a }: { appeal: AppealItem }) {
  const { t } = useTranslation();
  const { date } = useFormat();
  const client = useQueryClient();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState<'uphold' | 'reverse' | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const decide = async (outcome: 'uphold' | 'reverse') => {
    setBusy(outcome);
    setFailed(null);
    try {
      await decideAppeal(a.id, { outcome, note: note.trim() });
      await client.invalidateQueries({ queryKey: ['admin', 'moderation'] });
    } catch (err) {
      setFailed(errorText(err, t));
    } finally {
      setBusy(null);
    }
  };
  const d = a.decision;
  return (
    <article
      className="card admin-card"
      aria-label={t('admin.moderation.appeals.of', { name: a.member_name ?? '—' })}
    >
      <h2 className="admin-card__title">
        {a.member_name ?? '—'} · {t(`admin.moderation.actions.${d.action}`)}
      </h2>
      <dl className="admin-facts">
        <dt>{t('moderation.notice.why')}</dt>
        <dd>{d.category ? t(`moderation.categories.${d.category}`) : '—'}</dd>
        <dt>{t('moderation.notice.facts')}</dt>
        <dd>{d.facts || '—'}</dd>
        <dt>{t('admin.moderation.appeals.decidedBy')}</dt>
        <dd>
          {a.decided_by_name} · {date(d.decided_at)}
        </dd>
        <dt>{t('admin.moderation.appeals.text')}</dt>
        <dd className="mod-text">{a.text}</dd>
      </dl>
      {a.can_decide ? (
        <>
          {failed ? <FormAlert>{failed}</FormAlert> : null}
          <TextAreaField
            label={t('admin.moderation.appeals.note')}
            rows={3}
            maxLength={2000}
            required
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          <div className="admin-actions">
            <Button
              busy={busy === 'reverse'}
              disabled={!!busy || !note.trim()}
              onClick={() => void decide('reverse')}
            >
              {t('admin.moderation.appeals.reverse')}
            </Button>
            <Button
              variant="secondary"
              busy={busy === 'uphold'}
              disabled={!!busy || !note.trim()}
              onClick={() => void decide('uphold')}
            >
              {t('admin.moderation.appeals.uphold')}
            </Button>
          </div>
        </>
      ) : (
        <p className="admin-muted">{t('admin.moderation.appeals.notYours')}</p>
      )}
    </article>
  );
}

// --- transparency ----------------------------------------------------------------------------

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

function Transparency() {
  const { t } = useTranslation();
  const { number } = useFormat();
  const today = new Date();
  const [from, setFrom] = useState(isoDay(new Date(Date.UTC(today.getUTCFullYear(), 0, 1))));
  const [to, setTo] = useState(isoDay(today));
  const [range, setRange] = useState({ from, to });
  const q = useQuery({
    queryKey: transparencyKey(range.from, range.to),
    queryFn: ({ signal }) => fetchTransparency(range.from, range.to, signal),
  });
  const f = q.data;
  const rows = (title: string, counts: Record<string, number>, label: (k: string) => string) => (
    <>
      <h2 className="admin-card__subtitle">{title}</h2>
      <TableScroll label={title}>
        <table className="admin-table">
          <tbody>
            {Object.entries(counts).map(([k, v]) => (
              <tr key={k}>
                <th scope="row">{label(k)}</th>
                <td>{number(v)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
  return (
    <>
      <Head title={t('admin.moderation.transparency.title')} noindex />
      <h1 className="admin-page__title">{t('admin.moderation.transparency.title')}</h1>
      <form
        className="admin-filters"
        onSubmit={(e) => {
          e.preventDefault();
          setRange({ from, to });
        }}
      >
        <TextField
          label={t('admin.moderation.transparency.from')}
          type="date"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
        <TextField
          label={t('admin.moderation.transparency.to')}
          type="date"
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
        <div className="admin-actions">
          <Button type="submit">{t('admin.moderation.transparency.show')}</Button>
          <a className="btn btn--secondary btn--md" href={transparencyCsvHref(range.from, range.to)} download>
            {t('admin.moderation.transparency.csv')}
          </a>
        </div>
      </form>
      {q.isError ? <QueryError query={q} className="card admin-card" /> : null}
      {f ? (
        <div className="card admin-card">
          <ul className="admin-stats">
            <li className="admin-stat">
              <span className="admin-stat__value">{number(f.reports_received)}</span>
              <span className="admin-stat__label">{t('admin.moderation.transparency.reports')}</span>
            </li>
            <li className="admin-stat">
              <span className="admin-stat__value">{number(f.decisions)}</span>
              <span className="admin-stat__label">{t('admin.moderation.transparency.decisions')}</span>
            </li>
            <li className="admin-stat">
              <span className="admin-stat__value">
                {f.hours_to_decide.median === null ? '—' : number(f.hours_to_decide.median)}
              </span>
              <span className="admin-stat__label">{t('admin.moderation.transparency.median')}</span>
            </li>
            <li className="admin-stat">
              <span className="admin-stat__value">
                {f.hours_to_decide.average === null ? '—' : number(f.hours_to_decide.average)}
              </span>
              <span className="admin-stat__label">{t('admin.moderation.transparency.average')}</span>
            </li>
          </ul>
          {rows(t('admin.moderation.transparency.byAction'), f.by_action, (k) =>
            t(`admin.moderation.actions.${k}`, { defaultValue: k }),
          )}
          {rows(t('admin.moderation.transparency.byCategory'), f.by_category, (k) =>
            k === 'none'
              ? t('admin.moderation.transparency.noCategory')
              : t(`moderation.categories.${k}`, { defaultValue: k }),
          )}
          {rows(
            t('admin.moderation.transparency.automated'),
            { no: f.automated.no, yes: f.automated.yes },
            (k) => t(`admin.moderation.transparency.automatedValue.${k}`),
          )}
          {rows(t('admin.moderation.transparency.appeals'), f.appeals, (k) =>
            t(`admin.moderation.transparency.appeal.${k}`),
          )}
        </div>
      ) : null}
    </>
  );
}
