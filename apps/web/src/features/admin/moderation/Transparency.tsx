import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useFormat } from '../../../app/i18n.ts';
import { useTranslation } from '../../../app/translation.ts';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/fields.tsx';
import { QueryError } from '../../../ui/QueryError.tsx';
import { TableScroll } from '../ui/TableScroll.tsx';
import { fetchTransparency, transparencyCsvHref, transparencyKey } from './api.ts';
import { PageTitle } from './parts.tsx';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The transparency figures of a period (this year so far by default), on screen and as CSV. */
export function Transparency() {
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
  const hours = (h: number | null) => (h === null ? '—' : number(h));
  return (
    <>
      <PageTitle title={t('admin.moderation.transparency.title')} />
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
        <div className="admin-actions button-row">
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
            <Stat value={number(f.reports_received)} label={t('admin.moderation.transparency.reports')} />
            <Stat value={number(f.decisions)} label={t('admin.moderation.transparency.decisions')} />
            <Stat value={hours(f.hours_to_decide.median)} label={t('admin.moderation.transparency.median')} />
            <Stat
              value={hours(f.hours_to_decide.average)}
              label={t('admin.moderation.transparency.average')}
            />
          </ul>
          <Counts
            title={t('admin.moderation.transparency.byAction')}
            counts={f.by_action}
            label={(k) => t(`admin.moderation.actions.${k}`, { defaultValue: k })}
          />
          <Counts
            title={t('admin.moderation.transparency.byCategory')}
            counts={f.by_category}
            label={(k) =>
              k === 'none'
                ? t('admin.moderation.transparency.noCategory')
                : t(`moderation.categories.${k}`, { defaultValue: k })
            }
          />
          <Counts
            title={t('admin.moderation.transparency.automated')}
            counts={{ no: f.automated.no, yes: f.automated.yes }}
            label={(k) => t(`admin.moderation.transparency.automatedValue.${k}`)}
          />
          <Counts
            title={t('admin.moderation.transparency.reportsDecided')}
            counts={f.reports_decided}
            label={(k) => t(`admin.moderation.transparency.reportDecided.${k}`)}
          />
          <Counts
            title={t('admin.moderation.transparency.appeals')}
            counts={f.appeals}
            label={(k) => t(`admin.moderation.transparency.appeal.${k}`)}
          />
        </div>
      ) : null}
    </>
  );
}

/** One headline figure. */
function Stat({ value, label }: { value: string; label: string }) {
  return (
    <li className="admin-stat">
      <span className="admin-stat__value">{value}</span>
      <span className="admin-stat__label">{label}</span>
    </li>
  );
}

/** A table of counts under its title: one row a key (named by `label`). */
function Counts({
  title,
  counts,
  label,
}: {
  title: string;
  counts: Record<string, number>;
  label: (k: string) => string;
}) {
  const { number } = useFormat();
  return (
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
}
