import type { Locale } from '@amora/i18n';
import { useUser } from '../../api/queries.ts';
import { changeLocale } from '../../app/i18n.ts';
import { useTranslation } from '../../app/translation.ts';
import { updateLanguage } from './api.ts';
import { useSetUser } from './session.ts';

/**
 * Changes the language (spec §4): the catalog loads, the cookie keeps the choice, and for a
 * logged-in member the account remembers it too (PUT /api/user.php). The returned promise
 * rejects when the server did not take it (the page language has changed all the same).
 */
export function useChangeLanguage() {
  const { i18n } = useTranslation();
  const user = useUser();
  const setUser = useSetUser();
  return async (locale: Locale) => {
    await changeLocale(i18n, locale);
    if (user && user.language !== locale) setUser(await updateLanguage(locale));
  };
}
