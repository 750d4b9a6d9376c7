import { dictionary } from '@zxcvbn-ts/language-common';

let common: Set<string> | undefined;

/** True for passwords on the public lists of most used passwords (about 50,000, case-insensitive). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set((dictionary.passwords as string[]).map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}
