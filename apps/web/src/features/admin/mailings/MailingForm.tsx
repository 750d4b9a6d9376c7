import {
  MAILING_BODY_MAX,
  MAILING_HEADLINE_MAX,
  MAILING_LANGUAGES,
  MAILING_TYPES,
  type MailingDetail,
  type MailingLanguage,
  type MailingType,
} from '@amora/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { useTranslation } from '../../../app/translation.ts';
import { Button } from '../../../ui/Button.tsx';
import { SelectField, TextAreaField, TextField } from '../../../ui/fields.tsx';
import { ActionFeedback } from '../ui/ActionFeedback.tsx';
import { createMailing, mailingKey, mailingsKey, updateMailing } from './api.ts';
import { capitalised, useLanguageName } from './language-name.ts';

type Texts = Record<MailingLanguage, { headline: string; body: string }>;

const textsOf = (m: MailingDetail | null): Texts =>
  Object.fromEntries(
    MAILING_LANGUAGES.map((l) => [
      l,
      { headline: m?.texts[l]?.headline ?? '', body: m?.texts[l]?.body ?? '' },
    ]),
  ) as Texts;

/**
 * A mailing's kind, button path and texts, one section per language (English open and required;
 * the others open when they have a text or an error): saved as a draft, or changed while it is not
 * sending. The server checks everything and says what is wrong at the field.
 */
export function MailingForm({
  mailing,
  onSaved,
}: {
  mailing: MailingDetail | null;
  onSaved?: (m: MailingDetail) => void;
}) {
  const { t } = useTranslation();
  const langName = useLanguageName();
  const client = useQueryClient();
  const [type, setType] = useState<MailingType>(mailing?.type ?? 'promotions');
  const [path, setPath] = useState(mailing?.path ?? '/');
  const [texts, setTexts] = useState<Texts>(() => textsOf(mailing));
  const [open, setOpen] = useState<Set<MailingLanguage>>(
    () => new Set(MAILING_LANGUAGES.filter((l) => l === 'en' || mailing?.texts[l])),
  );
  const [done, setDone] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => {
      const body = {
        type,
        path,
        texts: Object.fromEntries(
          MAILING_LANGUAGES.filter((l) => l === 'en' || texts[l].headline || texts[l].body).map((l) => [
            l,
            texts[l],
          ]),
        ) as Partial<Texts> & Pick<Texts, 'en'>,
      };
      return mailing ? updateMailing(mailing.id, body) : createMailing(body);
    },
    onSuccess: (m) => {
      client.setQueryData(mailingKey(m.id), m);
      void client.invalidateQueries({ queryKey: mailingsKey });
      setDone(t(mailing ? 'admin.mailings.saved' : 'admin.mailings.created'));
      onSaved?.(m);
    },
    onError: (err) => {
      // A language whose fields the server refused opens, so its errors show.
      const refused = MAILING_LANGUAGES.filter((l) =>
        Object.keys((err instanceof ApiError && err.fields) || {}).some((f) => f.startsWith(`texts.${l}.`)),
      );
      if (refused.length) setOpen(new Set([...open, ...refused]));
    },
  });
  const fields = save.error instanceof ApiError ? save.error.fields : undefined;
  const setText = (l: MailingLanguage, k: 'headline' | 'body', value: string) =>
    setTexts({ ...texts, [l]: { ...texts[l], [k]: value } });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    if (!save.isPending) save.mutate();
  };
  return (
    <form
      className="adm-card adm-form adm-form--wide"
      onSubmit={submit}
      noValidate
      aria-labelledby="adm-mailing-form-title"
    >
      <h2 id="adm-mailing-form-title" className="adm-form__full">
        {t(mailing ? 'admin.mailings.editTitle' : 'admin.mailings.composeTitle')}
      </h2>
      <SelectField
        label={t('admin.mailings.typeLabel')}
        hint={t('admin.mailings.typeHint')}
        name="type"
        value={type}
        error={fields?.type}
        onChange={(e) => setType(e.target.value as MailingType)}
      >
        {MAILING_TYPES.map((x) => (
          <option key={x} value={x}>
            {t(`admin.mailings.type.${x}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('admin.mailings.path')}
        hint={t('admin.mailings.pathHint')}
        name="path"
        maxLength={200}
        required
        value={path}
        error={fields?.path}
        onChange={(e) => setPath(e.target.value)}
      />
      <fieldset className="adm-form__full adm-mailings__texts">
        <legend className="field__label">{t('admin.mailings.texts')}</legend>
        <p className="field__hint">{t('admin.mailings.textsHint')}</p>
        {MAILING_LANGUAGES.map((l) => {
          const name = langName(l);
          const filled = !!(texts[l].headline || texts[l].body);
          return (
            <details
              key={l}
              className="adm-mailings__lang"
              open={open.has(l)}
              onToggle={(e) => {
                const now = e.currentTarget.open;
                if (now !== open.has(l)) {
                  const next = new Set(open);
                  if (now) next.add(l);
                  else next.delete(l);
                  setOpen(next);
                }
              }}
            >
              <summary>
                {capitalised(name)}{' '}
                <span className="adm-muted">
                  {l === 'en'
                    ? t('admin.mailings.required')
                    : filled
                      ? t('admin.mailings.ownText')
                      : t('admin.mailings.englishText')}
                </span>
              </summary>
              <TextField
                label={t('admin.mailings.headline', { language: name })}
                name={`headline-${l}`}
                maxLength={MAILING_HEADLINE_MAX}
                value={texts[l].headline}
                error={fields?.[`texts.${l}.headline`]}
                onChange={(e) => setText(l, 'headline', e.target.value)}
              />
              <TextAreaField
                label={t('admin.mailings.body', { language: name })}
                name={`body-${l}`}
                rows={6}
                maxLength={MAILING_BODY_MAX}
                value={texts[l].body}
                error={fields?.[`texts.${l}.body`]}
                onChange={(e) => setText(l, 'body', e.target.value)}
              />
            </details>
          );
        })}
      </fieldset>
      <div className="adm-form__full">
        <ActionFeedback error={save.isError && !fields ? save.error : null} ok={done} />
        {save.isError && fields ? (
          <p className="adm-alert" role="alert">
            {t('errors.validation')}
          </p>
        ) : null}
      </div>
      <div className="adm-form__full">
        <Button type="submit" busy={save.isPending}>
          {t(mailing ? 'admin.mailings.saveChanges' : 'admin.mailings.saveDraft')}
        </Button>
      </div>
    </form>
  );
}
