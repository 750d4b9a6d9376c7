/**
 * Enumerations of spec §3 and the choices the members' forms offer (delete reasons, complaint
 * reasons, notification mail types). Labels live in the i18n catalogs (`profile.<field>.<value>`
 * and the forms' own keys). No zod here: the browser's pages import these lists from
 * `@amora/contracts/profile` and load the schemas only when a form validates (web app/lazy-resolver.ts).
 */
export const GENDERS = ['male', 'female'] as const;
export const SEXUALITIES = ['hetero', 'gay', 'lesbian', 'bi'] as const;
export const RELATIONSHIP_STATUSES = [
  'divorced',
  'living_together',
  'married',
  'single',
  'widowed',
  'unmarried',
] as const;
export const BODY_TYPES = ['slim', 'normal', 'fat'] as const;
export const HAIR_COLORS = [
  'black',
  'blond',
  'dark_blond',
  'brunette',
  'brown',
  'dark_brown',
  'gray',
  'red',
  'white',
  'bald',
  'other',
] as const;
export const EYE_COLORS = ['blue', 'green', 'hazel', 'brown'] as const;

/** The interests a member can pick (spec §3: about 50). Labels: `interests.<key>`. */
export const INTERESTS = [
  'relationship',
  'kissing',
  'cuddling',
  'romance',
  'flirting',
  'friendship',
  'travelling',
  'music',
  'wine',
  'cooking',
  'dining_out',
  'movies',
  'series',
  'reading',
  'poetry',
  'art',
  'photography',
  'dancing',
  'concerts',
  'festivals',
  'theatre',
  'museums',
  'fitness',
  'running',
  'cycling',
  'hiking',
  'swimming',
  'yoga',
  'football',
  'tennis',
  'skiing',
  'sailing',
  'camping',
  'beach',
  'nature',
  'gardening',
  'animals',
  'dogs',
  'cats',
  'cars',
  'motorcycles',
  'gaming',
  'technology',
  'fashion',
  'shopping',
  'wellness',
  'massage',
  'meditation',
  'languages',
  'volunteering',
  'coffee',
  'nightlife',
] as const;
export type Interest = (typeof INTERESTS)[number];

/** Why a member signed up (profile detail). */
export const SIGNUP_REASONS = ['relationship', 'friendship', 'flirt', 'chat'] as const;

export const DELETE_REASONS = [
  'price',
  'found_someone',
  'not_looking',
  'site_problems',
  'no_members',
  'time',
  'other',
] as const;

export const COMPLAINT_REASONS = [
  'fake_profile',
  'harassment',
  'scam',
  'inappropriate_photos',
  'underage',
  'spam',
  'other',
] as const;

/** The e-mail notification types of spec §3, in the order the settings page lists them. */
export const MAIL_TYPES = [
  'new_conversations',
  'new_messages',
  'like',
  'unread_message_reminders',
  'weekly_updates',
  'reminders',
  'promotions',
  'news',
] as const;
export type MailType = (typeof MAIL_TYPES)[number];
