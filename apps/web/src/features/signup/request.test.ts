import { describe, expect, it } from 'vitest';
import {
  EMPTY_SIGNUP,
  readSignupResult,
  saveSignupResult,
  signupResult,
  toSignupRequest,
} from './request.ts';

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

const filled = {
  ...EMPTY_SIGNUP,
  email: 'anna@example.com',
  name: 'anna',
  password: 'correct horse',
  date_of_birth: '1990-03-07',
  gender: 'female' as const,
  seeking: 'male' as const,
};

describe('signup request', () => {
  it('leaves unchosen options out and turns tattoos into a boolean', () => {
    expect(toSignupRequest(filled)).toEqual({
      email: 'anna@example.com',
      name: 'anna',
      password: 'correct horse',
      date_of_birth: '1990-03-07',
      gender: 'female',
      seeking: 'male',
    });
    const req = toSignupRequest(
      { ...filled, tattoos: 'no', hair_color: 'red', about: '  hi  ', interests: ['music'] },
      { network: 'n1' },
    );
    expect(req).toMatchObject({ tattoos: false, hair_color: 'red', about: 'hi', interests: ['music'] });
    expect(req.tracking).toEqual({ network: 'n1' });
    expect(toSignupRequest({ ...filled, gender: '' }).gender).toBeUndefined();
  });

  it('keeps what the follow-up pages need for this tab', () => {
    const storage = memoryStorage();
    const r = signupResult(filled, 'anna@example.com', new Date('2026-03-07T12:00:00Z'));
    expect(r).toEqual({ email: 'anna@example.com', gender: 'female', seeking: 'male', age: 36 });
    saveSignupResult(r!, storage);
    expect(readSignupResult(storage)).toEqual({ ...r, push: false });
    // Whether the flow counted the push step, for /complete-signup's counter (issue 26 item 12).
    saveSignupResult({ ...r!, push: true }, storage);
    expect(readSignupResult(storage)?.push).toBe(true);
    expect(readSignupResult(memoryStorage())).toBeNull();
    expect(signupResult({ ...filled, seeking: '' }, 'x')).toBeNull();
  });
});
