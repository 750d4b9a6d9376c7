import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emailField } from './accounts.ts';
import { EMAIL_PATTERN } from './rules.ts';

describe('EMAIL_PATTERN', () => {
  it('is the pattern of zod 4 z.email(), which emailField uses', () => {
    // The same pattern, written without zod's needless escapes of '-' at the end of a class.
    expect(z.regexes.email.source.replace(/\\-/g, '-')).toBe(EMAIL_PATTERN.source);
    expect(EMAIL_PATTERN.flags).toBe(z.regexes.email.flags);
  });

  it('answers as emailField does', () => {
    const addresses = [
      'anna@example.com',
      'a.b+c@mail.example.co.uk',
      "o'brien@example.ie",
      '',
      'anna',
      'anna@',
      '@example.com',
      'anna@example',
      'an..na@example.com',
      '.anna@example.com',
      'anna@-example.com',
      'anna@example.c',
      'änna@example.com',
    ];
    for (const a of addresses) expect(EMAIL_PATTERN.test(a), a).toBe(emailField.safeParse(a).success);
  });
});
