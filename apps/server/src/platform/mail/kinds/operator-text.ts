import type { MailBody, NotifyBase } from '../kind.ts';

/** Promotions and news: the operator's headline and text in the member's language. */
export type OperatorText = NotifyBase & { headline: string; body: string };

/** The operator's own text, shown as written: no placeholder in it is filled. */
export function operatorText(d: OperatorText, button: string): MailBody {
  return {
    subject: d.headline.replace(/\{\{/g, '{ {'),
    paragraphs: [d.body.replace(/\{\{/g, '{ {')],
    button: { label: button, href: d.link },
  };
}
