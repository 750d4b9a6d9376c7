import type { MailKind, MailSection } from './kind.ts';
import { accountDeleted } from './kinds/account-deleted.ts';
import { activation } from './kinds/activation.ts';
import { alreadyRegistered } from './kinds/already-registered.ts';
import { complaintDecided } from './kinds/complaint-decided.ts';
import { complaintReceived } from './kinds/complaint-received.ts';
import { dataExportReady } from './kinds/data-export-ready.ts';
import { loginLink } from './kinds/login-link.ts';
import { mailChange } from './kinds/mail-change.ts';
import { mailChangeTaken } from './kinds/mail-change-taken.ts';
import { mailChanged } from './kinds/mail-changed.ts';
import { moderationAppealDecided } from './kinds/moderation-appeal-decided.ts';
import { moderationNotice } from './kinds/moderation-notice.ts';
import { notifyLike } from './kinds/notify-like.ts';
import { notifyNewConversation } from './kinds/notify-new-conversation.ts';
import { notifyNewMessages } from './kinds/notify-new-messages.ts';
import { notifyNews } from './kinds/notify-news.ts';
import { notifyPromotion } from './kinds/notify-promotion.ts';
import { notifyReminder } from './kinds/notify-reminder.ts';
import { notifyUnread } from './kinds/notify-unread.ts';
import { notifyWeekly } from './kinds/notify-weekly.ts';
import { passwordChanged } from './kinds/password-changed.ts';
import { passwordReset } from './kinds/password-reset.ts';
import { premiumEnded } from './kinds/premium-ended.ts';
import { reactivationPending } from './kinds/reactivation-pending.ts';

/**
 * The mails the platform sends, one module each under kinds/. A kind's name is its catalog
 * section (checked below), and its data type is what callers must give (MailData).
 */
export const mailKinds = {
  activation,
  alreadyRegistered,
  reactivationPending,
  passwordReset,
  mailChange,
  mailChanged,
  passwordChanged,
  accountDeleted,
  complaintReceived,
  complaintDecided,
  mailChangeTaken,
  moderationNotice,
  moderationAppealDecided,
  loginLink,
  premiumEnded,
  dataExportReady,
  notifyNewConversation,
  notifyNewMessages,
  notifyLike,
  notifyUnread,
  notifyWeekly,
  notifyReminder,
  notifyPromotion,
  notifyNews,
  // biome-ignore lint/suspicious/noExplicitAny: any data; each kind's own is kept in MailData
} satisfies { [K in MailSection]?: MailKind<any, K> };

export type MailTemplate = keyof typeof mailKinds;
/** The data each mail needs, as its kind module declares it. */
export type MailData = {
  [K in MailTemplate]: (typeof mailKinds)[K] extends MailKind<infer D, K> ? D : never;
};
