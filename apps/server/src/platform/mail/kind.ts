import type { MailCatalog } from './catalogs.ts';

/** A mail kind's texts: each kind has a section of its own in the mail catalogs. */
export type MailSection = Exclude<keyof MailCatalog, 'layout' | 'mailTypes'>;

/**
 * A text of the kind's section, translated into the member's language with the mail's values
 * filled in (the data's texts and numbers, the site's name and company details, `date`).
 */
export type SectionText<S extends MailSection> = (key: keyof MailCatalog[S] & string) => string;

/** What a kind puts inside the shared layout (platform/mail/layout.ts); every text translated. */
export interface MailBody {
  /** Default: the section's `subject`. */
  subject?: string;
  paragraphs: string[];
  /** The mail's one button, with its link repeated as text below it. */
  button?: { label: string; href: string };
  /** Paragraphs after the button. */
  after?: string[];
}

/** What every notification mail carries: where its button leads, and how to stop it. */
export interface NotifyBase {
  name: string;
  link: string;
  unsubscribe: {
    /** The spec §3 type named in the footer. */
    type: string;
    /** The page that asks before unsubscribing (the visible link; works without logging in). */
    page: string;
    /** The RFC 8058 one-click address (List-Unsubscribe). */
    oneClick: string;
    /** The settings page (/notifications). */
    settings: string;
  };
}

/** One mail kind: its catalog section, the data it needs, and what it says. */
export interface MailKind<D, S extends MailSection = MailSection> {
  section: S;
  /** Notification mail: unsubscribe footer and List-Unsubscribe headers instead of 'why you get this'. */
  notify: boolean;
  body(data: D, t: SectionText<S>): MailBody;
}

export function defineMail<D, S extends MailSection>(
  section: S,
  body: (data: D, t: SectionText<S>) => MailBody,
): MailKind<D, S> {
  return { section, notify: false, body };
}

export function defineNotifyMail<D extends NotifyBase, S extends MailSection>(
  section: S,
  body: (data: D, t: SectionText<S>) => MailBody,
): MailKind<D, S> {
  return { section, notify: true, body };
}
