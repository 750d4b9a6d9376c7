import { PHOTO_REJECT_REASONS, type PhotoQueueItem } from '@amora/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useFormat } from '../../../app/i18n.ts';
import { useTranslation } from '../../../app/translation.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormAlert, SelectField, TextField } from '../../../ui/fields.tsx';
import { useAction } from '../ui/useAction.ts';
import { decidePhoto, fetchPhotos, photosKey } from './api.ts';
import { CategoryOptions, PageTitle, QueueStates, Repeat, useQueuePage } from './parts.tsx';

/** The photos waiting for review (the site's approval policy above them), each approved or rejected. */
export function Photos() {
  const { t } = useTranslation();
  const { query: q, pager } = useQueuePage(photosKey, fetchPhotos);
  return (
    <>
      <PageTitle title={t('admin.moderation.photos.title')} />
      {q.data ? (
        <p className="admin-muted">{t(`admin.moderation.photos.policy.${q.data.approval}`)}</p>
      ) : null}
      <QueueStates query={q} isEmpty={(d) => !d.photos.length} empty={t('admin.moderation.photos.empty')} />
      {q.data?.photos.length ? (
        <ul className="mod-queue" aria-label={t('admin.moderation.photos.title')}>
          {q.data.photos.map((p) => (
            <PhotoItem key={p.id} photo={p} />
          ))}
        </ul>
      ) : null}
      {pager}
    </>
  );
}

/** One photo to review: approve it, or reject it with a reason (and a note). */
function PhotoItem({ photo: p }: { photo: PhotoQueueItem }) {
  const { t } = useTranslation();
  const { date } = useFormat();
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const { busy, failed, run } = useAction<'approve' | 'reject'>();
  const decide = (decision: 'approve' | 'reject') =>
    run(decision, async () => {
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
    });
  const label = t('admin.moderation.photos.of', { name: p.member_name });
  return (
    <li className="card admin-card mod-queue__item" aria-label={label}>
      <img src={p.url} alt={label} className="mod-queue__img" width={240} height={300} />
      <div>
        <p>
          <strong>
            <Link to={`/admin/members/${p.member_id}`}>{p.member_name}</Link>
          </strong>{' '}
          <Repeat n={p.upheld} />
        </p>
        <p className="admin-muted">
          {t(`admin.moderation.photos.status.${p.status}`)} · {date(p.uploaded_at)}
        </p>
        {failed ? <FormAlert>{failed}</FormAlert> : null}
        <div className="admin-actions button-row">
          <Button busy={busy === 'approve'} disabled={!!busy} onClick={() => void decide('approve')}>
            {t('admin.moderation.photos.approve')}
          </Button>
        </div>
        <SelectField
          label={t('admin.moderation.photos.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        >
          <CategoryOptions categories={PHOTO_REJECT_REASONS} />
        </SelectField>
        <TextField
          label={t('admin.moderation.photos.note')}
          value={note}
          maxLength={2000}
          onChange={(e) => setNote(e.target.value)}
        />
        <div className="admin-actions button-row">
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
