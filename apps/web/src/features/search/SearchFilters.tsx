import { MAX_AGE, MIN_AGE } from '@amora/contracts/rules';
import { type SearchFilters as Filters, normalizeFilters } from '@amora/contracts/search';
import { type FormEvent, useId, useState } from 'react';
import { useSettings } from '../../api/queries.ts';
import { useTranslation } from '../../app/translation.ts';
import { regionsOf, useCountryName } from '../../entities/member/places.ts';
import { Button } from '../../ui/Button.tsx';
import { SelectField } from '../../ui/fields.tsx';

/** The options of both age selects: every age members may have. */
const AGE_OPTIONS = Array.from({ length: MAX_AGE - MIN_AGE + 1 }, (_, i) => MIN_AGE + i).map((a) => (
  <option key={a} value={a}>
    {a}
  </option>
));

/** One end of the age range (from, to): a select of every age. */
function AgeSelect({ label, value, pick }: { label: string; value: number; pick: (age: number) => void }) {
  return (
    <SelectField label={label} value={value} onChange={(e) => pick(Number(e.target.value))}>
      {AGE_OPTIONS}
    </SelectField>
  );
}

/** Which filter fields the site offers (settings.search_fields; all when it names none). */
function useShown() {
  const { search_fields } = useSettings();
  return (field: string) => search_fields.length === 0 || search_fields.includes(field);
}

/** "Women · 25–35 · Texas, United States": the search in one line (the folded panel on phones). */
export function useFilterSummary() {
  const { t } = useTranslation();
  const countryName = useCountryName();
  return (f: Filters) =>
    [
      f.gender ? t(`profile.seeking.${f.gender}`) : t('search.anyGender'),
      t('search.ageSpan', { min: f.min_age, max: f.max_age }),
      f.country
        ? [f.countryregion, countryName(f.country)].filter(Boolean).join(', ')
        : t('search.anyCountry'),
    ].join(' · ');
}

/**
 * The filter panel: gender, country and region (with the country's own word for region), age
 * range. Applied with the Search button (one request per search, not per change). On phones it
 * folds into a one-line summary with a toggle.
 */
export function SearchFilters({
  value,
  onApply,
  onClear,
  clearing,
}: {
  value: Filters;
  onApply: (f: Filters) => void;
  onClear: () => void;
  clearing?: boolean;
}) {
  const { t } = useTranslation();
  const settings = useSettings();
  const countryName = useCountryName();
  const shown = useShown();
  const summary = useFilterSummary();
  const [draft, setDraft] = useState<Filters>(value);
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const oneCountry = settings.countries.length === 1;
  // A site with one country has no country choice; its regions are still offered.
  const country = oneCountry ? settings.countries[0] : draft.country;
  const regions = regionsOf(settings, country);

  const set = (patch: Partial<Filters>) => setDraft((d) => ({ ...d, ...patch }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setOpen(false);
    onApply(
      normalizeFilters({ ...draft, country: draft.country ?? (draft.countryregion ? country : undefined) }),
    );
  };

  return (
    <section className={`card search-filters ${open ? 'is-open' : ''}`} aria-labelledby={`${bodyId}-title`}>
      <div className="search-filters__head">
        <h2 id={`${bodyId}-title`} className="search-filters__title">
          {t('search.filters')}
        </h2>
        <p className="search-filters__summary">{summary(value)}</p>
        <Button
          variant="secondary"
          size="sm"
          className="search-filters__toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? t('search.hideFilters') : t('search.showFilters')}
        </Button>
      </div>
      <form id={bodyId} className="search-filters__body" onSubmit={submit} noValidate>
        {shown('gender') ? (
          <SelectField
            label={t('search.gender')}
            value={draft.gender ?? ''}
            onChange={(e) => set({ gender: (e.target.value || undefined) as Filters['gender'] })}
          >
            <option value="female">{t('profile.seeking.female')}</option>
            <option value="male">{t('profile.seeking.male')}</option>
            <option value="">{t('search.anyGender')}</option>
          </SelectField>
        ) : null}
        {shown('country') && !oneCountry ? (
          <SelectField
            label={t('location.country')}
            value={draft.country ?? ''}
            onChange={(e) => set({ country: e.target.value || undefined, countryregion: undefined })}
          >
            <option value="">{t('search.anyCountry')}</option>
            {settings.countries.map((c) => (
              <option key={c} value={c}>
                {countryName(c)}
              </option>
            ))}
          </SelectField>
        ) : null}
        {shown('countryregion') && regions ? (
          <SelectField
            label={t(`location.regionLabel.${regions.label}`)}
            value={draft.countryregion ?? ''}
            onChange={(e) => set({ countryregion: e.target.value || undefined })}
          >
            <option value="">{t(`location.anyRegion.${regions.label}`)}</option>
            {regions.regions.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </SelectField>
        ) : null}
        {shown('min_age') || shown('max_age') ? (
          <fieldset className="field search-filters__ages">
            <legend className="field__label">{t('search.age')}</legend>
            <div className="search-filters__age-pair">
              <AgeSelect label={t('search.minAge')} value={draft.min_age} pick={(n) => set({ min_age: n })} />
              <span aria-hidden="true" className="search-filters__dash">
                –
              </span>
              <AgeSelect label={t('search.maxAge')} value={draft.max_age} pick={(n) => set({ max_age: n })} />
            </div>
          </fieldset>
        ) : null}
        <div className="search-filters__actions">
          <Button type="submit" block>
            {t('search.submit')}
          </Button>
          <Button variant="ghost" block busy={clearing} onClick={onClear}>
            {t('search.clear')}
          </Button>
        </div>
      </form>
    </section>
  );
}
