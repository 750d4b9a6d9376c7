export * from './accounts.ts';
export * from './errors.ts';
export * from './members.ts';
export * from './profile.ts';
export * from './rules.ts';
export * from './settings.ts';
export * from './site.ts';
export * from './ssr.ts';
