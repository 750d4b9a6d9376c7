import { MAILING_LANGUAGES, type MailingDetail, type MailingLanguage } from '@amora/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../app/translation.ts';
import { Button } from '../../../ui/Button.tsx';
import { SelectField } from '../../../ui/fields.tsx';
import { QueryError } from '../../../ui/QueryError.tsx';
import { ActionFeedback } from '../ui/ActionFeedback.tsx';
import { fetchPreview, mailingKey, previewKey, sendTest } from './api.ts';
import { capitalised, useLanguageName } from './language-name.ts';

/**
 * The saved mailing as a member reading the chosen language gets it (the server's real template,
 * shown in a sandboxed frame), and its test to the operator's own address in that language.
 */
export function MailingPreview({ mailing }: { mailing: MailingDetail }) {
  const { t } = useTranslation();
  const langName = useLanguageName();
  const client = useQueryClient();
  const [lang, setLang] = useState<MailingLanguage>('en');
  const [sent, setSent] = useState<string | null>(null);
  const preview = useQuery({
    queryKey: previewKey(mailing.id, lang, mailing.updated_at),
    queryFn: ({ signal }) => fetchPreview(mailing.id, lang, signal),
  });
  const test = useMutation({
    mutationFn: () => sendTest(mailing.id, lang),
    onSuccess: (r) => {
      setSent(t('admin.mailings.testSent', { email: r.to, count: r.tests_left }));
      void client.invalidateQueries({ queryKey: mailingKey(mailing.id) });
    },
  });
  const name = langName(lang);
  return (
    <section className="adm-card" aria-labelledby="adm-mailing-preview">
      <h2 id="adm-mailing-preview">{t('admin.mailings.preview')}</h2>
      <SelectField
        label={t('admin.mailings.previewLanguage')}
        name="preview-language"
        value={lang}
        onChange={(e) => {
          setLang(e.target.value as MailingLanguage);
          setSent(null);
          test.reset();
        }}
      >
        {MAILING_LANGUAGES.map((l) => (
          <option key={l} value={l}>
            {capitalised(langName(l))}
          </option>
        ))}
      </SelectField>
      {preview.isError ? <QueryError query={preview} /> : null}
      {preview.data ? (
        <>
          {preview.data.fallback ? (
            <p className="adm-muted">{t('admin.mailings.previewFallback', { language: name })}</p>
          ) : null}
          <p>
            <strong>{t('admin.mailings.subject')}</strong> {preview.data.subject}
          </p>
          {/* Sandboxed: an opaque origin (no cookies, storage or parent page), no navigation, forms or
              popups. The mail has no script, and the console's CSP, which the frame inherits, runs
              none inline; scripts are not refused by the sandbox only so that the console's
              accessibility checks and tests can read the mail inside. */}
          <iframe
            className="adm-mailings__frame"
            title={t('admin.mailings.previewFrame', { language: name })}
            sandbox="allow-scripts"
            srcDoc={preview.data.html}
          />
        </>
      ) : preview.isPending ? (
        <p className="adm-muted">{t('common.loading')}</p>
      ) : null}
      <h3 className="adm-mailings__sub">{t('admin.mailings.testTitle')}</h3>
      <p className="adm-muted">{t('admin.mailings.testLead', { language: name })}</p>
      <div className="adm-actions">
        <Button
          variant="secondary"
          busy={test.isPending}
          disabled={mailing.tests_left === 0}
          onClick={() => {
            setSent(null);
            test.mutate();
          }}
        >
          {t('admin.mailings.testSend')}
        </Button>
        <span className="adm-muted">{t('admin.mailings.testsLeft', { count: mailing.tests_left })}</span>
      </div>
      <ActionFeedback error={test.isError ? test.error : null} ok={sent} />
    </section>
  );
}
