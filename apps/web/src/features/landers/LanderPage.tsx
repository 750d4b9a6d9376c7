import type { LanderPageData } from '@amora/contracts';
import type { ComponentType, ReactNode } from 'react';
import { useSettings } from '../../api/queries.ts';
import { Head } from '../../app/head.tsx';
import { useFormat } from '../../app/i18n.ts';
import { useTranslation } from '../../app/translation.ts';
import { ErrorView } from '../../ui/ErrorView.tsx';
import { useLanderData } from './data.ts';
import './landers.css';

/** A lander's design: its page's content, from the lander's data. */
export type Design = ComponentType<{ data: LanderPageData }>;

/**
 * The page around one of the nine landers of spec §2: its head, then its design, the data from
 * the boot state (none: 404). Each design is a route module of its own (designs/*.tsx) with its
 * own stylesheet, so a lander loads its design's code and CSS alone.
 */
export function LanderPage({ design: Design }: { design: Design }) {
  const { t } = useTranslation();
  const s = useSettings();
  const data = useLanderData();
  if (!data) return <ErrorView status={404} />;
  return (
    <>
      <Head
        title={`${t(`lander.niche.${data.niche}.title`, { siteName: s.name })} · ${s.name}`}
        description={t(`lander.niche.${data.niche}.text`, { siteName: s.name })}
        canonical={data.canonical}
      />
      <Design data={data} />
    </>
  );
}

/** The members-online line under a lander's headline. */
export function Total({ total }: { total: number }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <p className="lander__total">
      <span className="pulse" aria-hidden="true" />
      {t('home.membersTotal', { count: total, formatted: fmt.number(total) })}
    </p>
  );
}

/** A design's frame: its section (`lander lander--{kind}`) and its container (`container {inner}`). */
export function Frame({ kind, inner, children }: { kind: string; inner?: string; children: ReactNode }) {
  return (
    <section className={`lander lander--${kind}`}>
      <div className={inner ? `container ${inner}` : 'container'}>{children}</div>
    </section>
  );
}
