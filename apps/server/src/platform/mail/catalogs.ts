import type { Locale } from '@amora/i18n';
import de from '@amora/i18n/mail/de.json' with { type: 'json' };
import en from '@amora/i18n/mail/en.json' with { type: 'json' };
import es from '@amora/i18n/mail/es.json' with { type: 'json' };
import fr from '@amora/i18n/mail/fr.json' with { type: 'json' };
import it from '@amora/i18n/mail/it.json' with { type: 'json' };
import nl from '@amora/i18n/mail/nl.json' with { type: 'json' };
import pl from '@amora/i18n/mail/pl.json' with { type: 'json' };

export type MailCatalog = typeof en;
/** E-mail texts live apart from the browser catalogs: the browser never downloads them. */
export const mailCatalogs: Record<Locale, MailCatalog> = { en, nl, de, it, fr, es, pl };
