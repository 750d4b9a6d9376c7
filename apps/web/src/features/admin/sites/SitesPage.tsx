import './sites.css';
import type { AdminSite } from '@amora/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { Link, Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError, errorText } from '../../../api/client.ts';
import { useTranslation } from '../../../app/translation.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormAlert, TextAreaField, TextField } from '../../../ui/fields.tsx';
import { QueryError } from '../../../ui/QueryError.tsx';
import { pageOpens, useOperatorSession } from '../api.ts';
import { ListPage } from '../ui/ListHead.tsx';
import { createSite, fetchSite, fetchSites, siteKey, sitesKey, updateSite } from './api.ts';
import { SettingControl } from './SettingControl.tsx';
import { fromTexts, settingFields, type Texts, toText } from './site-form-model.ts';

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
      saved={false}
      onSaved={() => {}}
      save={(body) => createSite(body)}
    />
  );
}

function EditSite() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  // A new site's page opens after its creation and says so too.
  const [saved, setSaved] = useState(!!(useLocation().state as { saved?: boolean } | null)?.saved);
  const site = useQuery({ queryKey: siteKey(id), queryFn: ({ signal }) => fetchSite(id, signal) });
  if (site.isError) return <QueryError query={site} />;
  if (!site.data) return <p>{t('admin.core.loading')}</p>;
  return (
    <SiteForm
      title={t('admin.sites.editTitle', { name: site.data.config.name })}
      initial={site.data}
      saved={saved}
      onSaved={setSaved}
      save={(body) => updateSite(id, body)}
    />
  );
}

function SiteForm({
  title,
  initial,
  saved,
  onSaved,
  save,
}: {
  title: string;
  initial: AdminSite;
  saved: boolean;
  onSaved: (saved: boolean) => void;
  save: (body: { domain: string; aliases: string[]; config: Record<string, unknown> }) => Promise<AdminSite>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const fields = useMemo(() => settingFields(), []);
  const [domain, setDomain] = useState(initial.domain);
  const [aliases, setAliases] = useState(initial.aliases.join('\n'));
  const textsOf = (site: AdminSite): Texts =>
    Object.fromEntries(
      fields.map((f) => [f.key, toText(f.control, (site.config as Record<string, unknown>)[f.key])]),
    );
  const [texts, setTexts] = useState<Texts>(() => textsOf(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    onSaved(false);
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
      // The form shows what was stored (defaults filled, lists trimmed), and says it was saved.
      setTexts(textsOf(site));
      setDomain(site.domain);
      setAliases(site.aliases.join('\n'));
      onSaved(true);
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
                errors={errors}
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
        {/* Always in the page, filled on saving: a live region announces what is put into it. */}
        <p className="adm-sites__saved" role="status">
          {saved ? t('admin.sites.saved') : null}
        </p>
      </form>
    </section>
  );
}
