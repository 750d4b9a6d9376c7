import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../app/translation.ts';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/fields.tsx';

/**
 * A console search's term and page, kept in the address (`?q=&page=`) so Back returns to the
 * same list; `go` sets both (page 1 and an empty term are left out of the address).
 */
export function useSearchPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const go = (nq: string, np: number) =>
    setParams({ ...(nq ? { q: nq } : {}), ...(np > 1 ? { page: String(np) } : {}) });
  return { q, page, go };
}

/** The console's search field and button: submits the trimmed term. */
export function SearchForm({
  label,
  hint,
  initial,
  onSearch,
}: {
  label: string;
  hint: string;
  initial: string;
  onSearch: (q: string) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const hintId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(value.trim());
  };
  // The hint goes under the field and the button (the button stays beside the input, at its width).
  return (
    <form className="adm-search" onSubmit={submit}>
      <TextField
        label={label}
        aria-describedby={hintId}
        type="search"
        name="q"
        value={value}
        maxLength={254}
        onChange={(e) => setValue(e.target.value)}
      />
      <Button type="submit">{t('admin.members.search')}</Button>
      <p id={hintId} className="field__hint adm-search__hint">
        {hint}
      </p>
    </form>
  );
}
