import './sites.css';
import type { AdminSite } from '@amora/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { Link, Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError, errorText } from '../../../api/client.ts';
import { useTranslation } from '../../../app/translation.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormAlert, SelectField, TextAreaField, TextField } from '../../../ui/fields.tsx';
import { QueryError } from '../../../ui/QueryError.tsx';
import { pageOpens, useOperatorSession } from '../api.ts';
import { ListPage } from '../ui/ListHead.tsx';
import { createSite, fetchSite, fetchSites, siteKey, sitesKey, updateSite } from './api.ts';
import { fromTexts, type SettingField, settingFields, toText } from './site-form-model.ts';

/** /admin/sites: every site, a new one, one site's settings (admins of every site only). */
export default function SitesPage() {
  const { t } = useTranslation();
  const session = useOperatorSession();
  // Only an admin of every site manages sites (the server answers everyone else 404 too).
  if (!pageOpens(session.data, { roles: ['admin'], allSites: true }))
    return (
      <section className="adm-sites">
        <h1>{t('admin.core.notFound')}</h1>
      </section>
    );
  return (
    <Routes>
      <Route index element={<SiteList />} />
      <Route path="new" element={<NewSite />} />
      <Route path=":id" element={<EditSite />} />
    </Routes>
  );
}

function SiteList() {
  const { t } = useTranslation();
  const list = useQuery({ queryKey: sitesKey, queryFn: ({ signal }) => fetchSites(signal) });
  return (
    <ListPage
      id="adm-sites-title"
      title={t('admin.sites.title')}
      add={{ to: '/admin/sites/new', label: t('admin.sites.new') }}
      query={list}
      items={(d) => d.sites}
    >
      {(s) => (
        <li key={s.id} className="adm-sites__item">
          <Link to={`/admin/sites/${s.id}`}>
            <strong>{s.name}</strong> <span className="adm-muted">{s.domain}</span>
          </Link>
          <span className="adm-sites__facts">
            <span>{s.domain_language}</span>
            <span>{t('admin.sites.nicheN', { niche: s.niche })}</span>
            {s.aliases.length ? <span>{s.aliases.join(', ')}</span> : null}
            {s.is_default ? <span className="adm-tag">{t('admin.sites.default')}</span> : null}
            {s.fictional_profiles ? null : <span className="adm-tag">{t('admin.sites.fictionalOff')}</span>}
          </span>
        </li>
      )}
    </ListPage>
  );
}

function NewSite() {
  const { t } = useTranslation();
  const session = useOperatorSession();
  const siteId = session.data?.site.id;
  // A new site starts from the settings of the site this console runs on (every field filled).
  const template = useQuery({
    queryKey: siteKey(siteId ?? 0),
    queryFn: ({ signal }) => fetchSite(siteId!, signal),
    enabled: !!siteId,
  });
  if (template.isError) return <QueryError query={template} />;
  if (!template.data) return <p>{t('admin.core.loading')}</p>;
  return (
    <SiteForm
      title={t('admin.sites.newTitle')}
      initial={{ ...template.data, id: 0, domain: '', aliases: [] }}
      save={(body) => createSite(body)}
    />
  );
}

function EditSite() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const site = useQuery({ queryKey: siteKey(id), queryFn: ({ signal }) => fetchSite(id, signal) });
  if (site.isError) return <QueryError query={site} />;
  if (!site.data) return <p>{t('admin.core.loading')}</p>;
  return (
    <SiteForm
      key={site.data.updated_at}
      title={t('admin.sites.editTitle', { name: site.data.config.name })}
      initial={site.data}
      save={(body) => updateSite(id, body)}
    />
  );
}

function kindHint(f: SettingField, t: (k: string, o?: Record<string, unknown>) => string): string {
  const c = f.control;
  const parts = [t(`admin.sites.kind.${c.kind}`)];
  if (c.kind === 'number' && c.min !== undefined && c.max !== undefined)
    parts.push(t('admin.sites.range', { min: c.min, max: c.max }));
  if (!f.required) parts.push(t('admin.sites.optional'));
  return parts.join(' · ');
}

function SiteForm({
  title,
  initial,
  save,
}: {
  title: string;
  initial: AdminSite;
  save: (body: { domain: string; aliases: string[]; config: Record<string, unknown> }) => Promise<AdminSite>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const fields = useMemo(() => settingFields(), []);
  const [domain, setDomain] = useState(initial.domain);
  const [aliases, setAliases] = useState(initial.aliases.join('\n'));
  const [texts, setTexts] = useState<Record<string, string | boolean>>(() =>
    Object.fromEntries(
      fields.map((f) => [f.key, toText(f.control, (initial.config as Record<string, unknown>)[f.key])]),
    ),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  // A new site's page opens after its creation: it says so there.
  const [saved, setSaved] = useState(!!(useLocation().state as { saved?: boolean } | null)?.saved);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const { config, bad } = fromTexts(fields, texts);
    if (bad.length) {
      setErrors(Object.fromEntries(bad.map((k) => [`config.${k}`, t('admin.sites.jsonInvalid')])));
      setAlert(t('errors.validation'));
      return;
    }
    setBusy(true);
    try {
      const list = aliases
        .split('\n')
        .map((a) => a.trim())
        .filter(Boolean);
      const site = await save({ domain: domain.trim(), aliases: list, config });
      setErrors({});
      setAlert('');
      setSaved(true);
      void client.invalidateQueries({ queryKey: sitesKey });
      client.setQueryData(siteKey(site.id), site);
      if (site.id !== initial.id)
        navigate(`/admin/sites/${site.id}`, { replace: true, state: { saved: true } });
    } catch (err) {
      setErrors(err instanceof ApiError && err.fields ? err.fields : {});
      setAlert(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  const aliasError = Object.entries(errors)
    .filter(([k]) => k.startsWith('aliases.'))
    .map(([, v]) => v)[0];
  return (
    <section className="adm-sites" aria-labelledby="adm-site-title">
      <div className="head-row head-row--center">
        <h1 id="adm-site-title">{title}</h1>
        <Link to="/admin/sites">{t('admin.sites.back')}</Link>
      </div>
      <form className="adm-sites__form" onSubmit={submit} noValidate>
        <FormAlert>{alert}</FormAlert>
        {saved ? <FormAlert tone="success">{t('admin.sites.saved')}</FormAlert> : null}
        <fieldset className="adm-sites__group">
          <legend>{t('admin.sites.hosts')}</legend>
          <TextField
            label={t('admin.sites.domain')}
            name="domain"
            value={domain}
            required
            error={errors.domain}
            onChange={(e) => setDomain(e.target.value)}
          />
          <TextAreaField
            label={t('admin.sites.aliases')}
            hint={t('admin.sites.kind.lines')}
            name="aliases"
            rows={2}
            value={aliases}
            error={aliasError}
            onChange={(e) => setAliases(e.target.value)}
          />
        </fieldset>
        <fieldset className="adm-sites__group">
          <legend>{t('admin.sites.settings')}</legend>
          <p className="adm-muted">{t('admin.sites.settingsIntro')}</p>
          <div className="adm-sites__grid">
            {fields.map((f) => (
              <SettingControl
                key={f.key}
                field={f}
                value={texts[f.key] ?? ''}
                error={errors[`config.${f.key}`] ?? firstNested(errors, f.key)}
                hint={kindHint(f, t)}
                onChange={(v) => setTexts((s) => ({ ...s, [f.key]: v }))}
              />
            ))}
          </div>
        </fieldset>
        <div className="adm-sites__actions">
          <Button type="submit" busy={busy}>
            {t('admin.sites.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** A refusal inside a structured setting (config.packages.0.credits) shown on that setting. */
function firstNested(errors: Record<string, string>, key: string): string | undefined {
  const hit = Object.entries(errors).find(([k]) => k.startsWith(`config.${key}.`));
  return hit ? `${hit[0].slice(`config.${key}.`.length)}: ${hit[1]}` : undefined;
}

function SettingControl({
  field,
  value,
  error,
  hint,
  onChange,
}: {
  field: SettingField;
  value: string | boolean;
  error?: string;
  hint: string;
  onChange: (v: string | boolean) => void;
}) {
  const c = field.control;
  const label = <code>{field.key}</code>;
  const wide = c.kind === 'json' || c.kind === 'lines';
  const cls = wide ? 'adm-sites__wide' : undefined;
  if (c.kind === 'boolean')
    return (
      <div className="field adm-sites__check">
        <label>
          <input
            type="checkbox"
            name={field.key}
            checked={value === true}
            onChange={(e) => onChange(e.target.checked)}
          />{' '}
          {label}
        </label>
        {error ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    );
  if (c.kind === 'choice')
    return (
      <SelectField
        label={label}
        hint={hint}
        name={field.key}
        value={String(value)}
        error={error}
        onChange={(e) => onChange(e.target.value)}
      >
        {field.required ? null : <option value="">—</option>}
        {c.options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </SelectField>
    );
  if (wide)
    return (
      <TextAreaField
        className={cls}
        label={label}
        hint={hint}
        name={field.key}
        rows={c.kind === 'json' ? 6 : 3}
        spellCheck={false}
        value={String(value)}
        error={error}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  return (
    <TextField
      label={label}
      hint={hint}
      name={field.key}
      type={c.kind === 'number' ? 'number' : 'text'}
      inputMode={c.kind === 'number' ? 'numeric' : undefined}
      min={c.kind === 'number' ? c.min : undefined}
      max={c.kind === 'number' ? c.max : undefined}
      maxLength={c.kind === 'text' ? c.maxLength : undefined}
      value={String(value)}
      error={error}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
