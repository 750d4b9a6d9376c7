/**
 * The member whose page or lander brought the visitor to signup (spec §3 form state
 * `signup_message` goes to them). Set by a member page's signup call to action, or by
 * `/signup?member={id}` (landers); kept for this tab only, like the signup result.
 */
export interface SignupMember {
  id: string;
  name?: string;
}

const KEY = 'amora.signupMember';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function session(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function rememberSignupMember(m: SignupMember, storage = session()): void {
  try {
    if (UUID.test(m.id)) storage?.setItem(KEY, JSON.stringify(m));
  } catch {
    // storage disabled: signup goes on without the message field
  }
}

/** The member of a `?member=` in the address, remembered; else the one remembered before. */
export function readSignupMember(search = '', storage = session()): SignupMember | null {
  const fromUrl = new URLSearchParams(search).get('member');
  if (fromUrl && UUID.test(fromUrl)) {
    const known = readSignupMember('', storage);
    const m = known?.id === fromUrl ? known : { id: fromUrl };
    rememberSignupMember(m, storage);
    return m;
  }
  try {
    const v = JSON.parse(storage?.getItem(KEY) ?? 'null') as Partial<SignupMember> | null;
    if (!v || typeof v.id !== 'string' || !UUID.test(v.id)) return null;
    return typeof v.name === 'string' ? { id: v.id, name: v.name } : { id: v.id };
  } catch {
    return null;
  }
}

export function forgetSignupMember(storage = session()): void {
  try {
    storage?.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
