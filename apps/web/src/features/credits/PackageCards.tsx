import './package-cards.css';
import type { PricedPackage, PricingResponse } from '@amora/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from '../../app/translation.ts';
import { useMoney } from '../../entities/credits/money.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { StarIcon } from '../../ui/icons.tsx';
import { LoadingStatus } from '../../ui/LoadingStatus.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { perCredit, saving } from './logic.ts';
import { WasPrice } from './WasPrice.tsx';

/** The popular package's mark: over its card, or in line in the checkout's summary. */
export function PopularRibbon({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation();
  return (
    <p className={`package__ribbon${inline ? ' package__ribbon--inline' : ''}`}>
      <StarIcon size={16} /> {t('credits.popular')}
    </p>
  );
}

/** A package's credits as every package shows them: the number large, then the unit. */
export function PackageCredits({ credits }: { credits: number }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="package__number">{credits}</span>{' '}
      <span className="package__unit">{t('credits.unit', { count: credits })}</span>
    </>
  );
}

function PackageCard({
  p,
  all,
  to,
  action,
  headingLevel,
}: {
  p: PricedPackage;
  all: PricedPackage[];
  to: string | undefined;
  action: ((p: PricedPackage) => ReactNode) | undefined;
  headingLevel: 2 | 3;
}) {
  const { t } = useTranslation();
  const { money, percent } = useMoney();
  const save = saving(p, all);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className={`package${p.popular ? ' package--popular' : ''}`}>
      {p.popular ? <PopularRibbon /> : null}
      <Heading className="package__title">
        <PackageCredits credits={p.credits} />
      </Heading>
      <p className="package__price">
        {p.list_amount > p.amount ? <WasPrice amount={p.list_amount} currency={p.currency} /> : null}
        <span className="package__amount">{money(p.amount, p.currency)}</span>{' '}
        <span className="package__vat">{t('credits.inclVat')}</span>
      </p>
      <p className="package__per">{t('credits.perCredit', { price: money(perCredit(p), p.currency) })}</p>
      <p className={`package__save${save ? '' : ' package__save--none'}`}>
        {save ? t('credits.save', { percent: percent(save) }) : t('credits.starter')}
      </p>
      {action ? (
        action(p)
      ) : (
        <ButtonLink
          to={to ?? '/credits'}
          variant={p.popular ? 'primary' : 'secondary'}
          block
          className="package__buy"
        >
          {t('credits.buy', { count: p.credits })}
        </ButtonLink>
      )}
    </li>
  );
}

/**
 * The site's credit packages as cards: credits, tax-inclusive price, price per credit, what a
 * bigger package saves, the popular one highlighted, and a buy link per package (`hrefFor`), or
 * what `action` renders in its place (a button that buys at once with a stored card).
 */
export function PackageCards({
  pricing: query,
  hrefFor,
  action,
  headingLevel = 3,
}: {
  /** The pricing query (undefined: placeholders until it is asked). */
  pricing:
    | { data: PricingResponse | undefined; isError: boolean; error: unknown; refetch: () => unknown }
    | undefined;
  hrefFor?: (p: PricedPackage) => string;
  action?: (p: PricedPackage) => ReactNode;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const pricing = query?.data;
  if (query?.isError && !pricing) return <QueryError query={query} className="card credits-error" />;
  if (!pricing) {
    return (
      <div className="packages packages--loading">
        <LoadingStatus />
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="package package--placeholder" aria-hidden="true" />
        ))}
      </div>
    );
  }
  return (
    <ul className="packages" aria-label={t('credits.packages')}>
      {pricing.packages.map((p) => (
        <PackageCard
          key={p.id}
          p={p}
          all={pricing.packages}
          to={hrefFor?.(p)}
          action={action}
          headingLevel={headingLevel}
        />
      ))}
    </ul>
  );
}
