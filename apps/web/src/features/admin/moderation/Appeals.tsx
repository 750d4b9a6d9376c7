import type { AppealItem } from '@amora/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFormat } from '../../../app/i18n.ts';
import { useTranslation } from '../../../app/translation.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormAlert, TextAreaField } from '../../../ui/fields.tsx';
import { useAction } from '../ui/useAction.ts';
import { appealsKey, decideAppeal, fetchAppeals } from './api.ts';
import { PageTitle, QueueStates, useQueuePage } from './parts.tsx';

/** The open appeals against decisions; another moderator than the decision's decides each. */
export function Appeals() {
  const { t } = useTranslation();
  const { query: q, pager } = useQueuePage(appealsKey, fetchAppeals);
  return (
    <>
      <PageTitle title={t('admin.moderation.appeals.title')} />
      <p className="admin-muted">{t('admin.moderation.appeals.lead')}</p>
      <QueueStates query={q} isEmpty={(d) => !d.appeals.length} empty={t('admin.moderation.appeals.empty')} />
      {q.data?.appeals.map((a) => (
        <AppealCard key={a.id} appeal={a} />
      ))}
      {pager}
    </>
  );
}

/** One appeal: the decision, the member's text, and (for the moderators who may) reverse or uphold. */
function AppealCard({ appeal: a }: { appeal: AppealItem }) {
  const { t } = useTranslation();
  const { date } = useFormat();
  const client = useQueryClient();
  const [note, setNote] = useState('');
  const { busy, failed, run } = useAction<'uphold' | 'reverse'>();
  const decide = (outcome: 'uphold' | 'reverse') =>
    run(outcome, async () => {
      await decideAppeal(a.id, { outcome, note: note.trim() });
      await client.invalidateQueries({ queryKey: ['admin', 'moderation'] });
    });
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
          <div className="admin-actions button-row">
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
