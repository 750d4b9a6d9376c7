import type { OperatorRole } from '@amora/contracts';
import type { ComponentType } from 'react';

/**
 * The console's pages (issue 17). Each area appends ONE line here; its page module lives in
 * features/admin/<area>/ and loads lazily (its own chunk) when an operator opens it.
 * - path: under /admin ('' is /admin itself), as a React Router path ('members/:id' allowed);
 * - navKey: the i18n key of its entry in the console's navigation (null: no entry, e.g. a detail page);
 * - roles: who sees it (admin sees everything); the server checks again on every API call.
 */
export interface AdminPage {
  path: string;
  navKey: string | null;
  roles: readonly OperatorRole[];
  /** Only for admins of every site (the sites area); the server checks it too. */
  allSites?: boolean;
  lazy: () => Promise<{ default: ComponentType }>;
}

const EVERY_ROLE = ['admin', 'moderator', 'support', 'finance'] as const;

// biome-ignore format: one line per page, so each area adds exactly one line
export const adminPages: AdminPage[] = [
  { path: '', navKey: 'admin.core.nav.dashboard', roles: EVERY_ROLE, lazy: () => import('./core/DashboardPage.tsx') },
  { path: 'audit', navKey: 'admin.core.nav.audit', roles: ['admin'], lazy: () => import('./core/AuditPage.tsx') },
  { path: 'operators', navKey: 'admin.core.nav.operators', roles: ['admin'], lazy: () => import('./core/OperatorsPage.tsx') },
  { path: 'sites/*', navKey: 'admin.sites.nav', roles: ['admin'], allSites: true, lazy: () => import('./sites/SitesPage.tsx') },
  { path: 'fictional/*', navKey: 'admin.fictional.nav', roles: ['support'], lazy: () => import('./fictional/FictionalPage.tsx') },
  { path: 'members/*', navKey: 'admin.members.nav', roles: EVERY_ROLE, lazy: () => import('./members/MembersPage.tsx') },
  { path: 'payments/*', navKey: 'admin.payments.nav', roles: ['finance'], lazy: () => import('./payments/PaymentsPage.tsx') },
  { path: 'mailings/*', navKey: 'admin.mailings.nav', roles: ['admin'], lazy: () => import('./mailings/MailingsPage.tsx') },
  { path: 'moderation/*', navKey: 'admin.moderation.nav', roles: ['moderator'], lazy: () => import('./moderation/ModerationPage.tsx') },
];
