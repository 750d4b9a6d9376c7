import { MODERATION_CATEGORIES, type ReportDecision } from '@amora/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../app/translation.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormAlert, SelectField, TextAreaField, TextField } from '../../../ui/fields.tsx';
import { useAction } from '../ui/useAction.ts';
import { decideReport } from './api.ts';
import { CategoryOptions } from './parts.tsx';

const ACTIONS = ['dismiss', 'remove_photo', 'hide_profile', 'suspend', 'ban'] as const;
type Action = (typeof ACTIONS)[number];

/**
 * A report's decision: the action (only dismissal for a report about the site), its category, the
 * photo to remove or the end of a suspension, and a note; the statement of reasons goes out on it.
 */
export function DecisionForm({
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
  const [action, setAction] = useState<Action>('dismiss');
  const [category, setCategory] = useState('');
  const [photoId, setPhotoId] = useState('');
  const [until, setUntil] = useState('');
  const [note, setNote] = useState('');
  const { busy, failed, run } = useAction<'decide'>();
  const actions = hasMember ? ACTIONS : (['dismiss'] as const);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run('decide', async () => {
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
    });
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
          onChange={(e) => setAction(e.target.value as Action)}
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
            <CategoryOptions categories={MODERATION_CATEGORIES} />
          </SelectField>
        ) : null}
        {action === 'remove_photo' ? (
          <PhotoChoice photos={photos} value={photoId} onChange={setPhotoId} />
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
      <div className="admin-actions button-row">
        <Button type="submit" busy={!!busy} disabled={!!busy}>
          {t('admin.moderation.decide.submit')}
        </Button>
      </div>
    </form>
  );
}

/** Which of the member's photos to remove: one radio button a thumbnail. */
function PhotoChoice({
  photos,
  value,
  onChange,
}: {
  photos: { id: string; thumb: string }[];
  value: string;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="mod-photo-choice">
      <legend>{t('admin.moderation.decide.photo')}</legend>
      {photos.map((p, i) => (
        <label key={p.id}>
          <input
            type="radio"
            name="photo"
            value={p.id}
            checked={value === p.id}
            onChange={() => onChange(p.id)}
          />
          <img src={p.thumb} alt={t('admin.moderation.report.photoN', { n: i + 1 })} width={64} height={80} />
        </label>
      ))}
    </fieldset>
  );
}
