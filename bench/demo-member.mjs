// A demo member's session on a demo server (demo-server.mjs), as the login form gets one, for the
// benchmarks that open the members' pages (pages.mjs, layout-shift.mjs).

/**
 * Logs `email` in (the demo password) at `origin`: its cookies (session and CSRF), `api` to call
 * the API as that member, and `memberPaths()`: every member route with real ids (a member to view
 * and chat with, an order left open at the provider for the return page).
 */
export async function demoMember(origin, email = 'demo1@amora-en.test', password = 'amora-demo-2026') {
  const boot = await fetch(`${origin}/api/user.php`);
  const firstCsrf = boot.headers
    .getSetCookie()
    .find((c) => c.startsWith('auth.csrf='))
    .split(';')[0];
  const res = await fetch(`${origin}/api/user.php`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrf-token': decodeURIComponent(firstCsrf.slice('auth.csrf='.length)),
      cookie: firstCsrf,
    },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`demo login failed: ${res.status}`);
  // The login answers a new CSRF cookie with the session.
  const jar = new Map(
    [firstCsrf, ...res.headers.getSetCookie().map((c) => c.split(';')[0])].map((c) => c.split(/=(.*)/s)),
  );
  const cookie = [...jar].map(([n, v]) => `${n}=${v}`).join('; ');
  const csrf = decodeURIComponent(jar.get('auth.csrf'));
  const api = async (method, url, body) => {
    const r = await fetch(origin + url, {
      method,
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, cookie },
      body: body && JSON.stringify(body),
    });
    if (!r.ok) throw new Error(`${method} ${url}: ${r.status} ${await r.text()}`);
    return r.json();
  };
  async function memberPaths() {
    const other = (await api('GET', '/api/search?page=1')).members?.[0]?.id;
    const { order } = await api('POST', '/api/orders', {
      package_id: 'p1',
      method: 'creditcard',
      attempt_id: crypto.randomUUID(),
    });
    return [
      { name: 'search', path: '/members' },
      { name: 'transaction', path: `/transactions/${order.id}` },
      ...(other ? [{ name: 'member page', path: `/members/${other}` }] : []),
      { name: 'likes', path: '/likes' },
      { name: 'likes: received', path: '/likes/received' },
      { name: 'chats', path: '/chats' },
      ...(other ? [{ name: 'conversation', path: `/members/${other}/chat` }] : []),
      { name: 'profile', path: '/profile' },
      { name: 'complaints', path: '/complaints' },
      { name: 'swipe game', path: '/swipe-game' },
      { name: 'match finder', path: '/match-finder' },
      { name: 'pricing', path: '/pricing' },
      { name: 'credits', path: '/credits' },
      { name: 'checkout', path: '/credits/p1' },
      { name: 'payment method', path: '/credits/p1/creditcard' },
      { name: 'premium', path: '/premium' },
      { name: 'transactions', path: '/transactions' },
      { name: 'direct debit', path: '/directdebit' },
      { name: 'notifications', path: '/notifications' },
      { name: 'language', path: '/lang-config' },
    ];
  }
  return { cookie, api, memberPaths };
}

/**
 * A member who has just signed up at `origin` (not yet activated, an empty profile: the
 * enrich-profile card, the activation reminder), logged in as demoMember is.
 */
export async function newMember(origin) {
  const boot = await fetch(`${origin}/api/user.php`);
  const csrf = boot.headers
    .getSetCookie()
    .find((c) => c.startsWith('auth.csrf='))
    .split(';')[0];
  const tag = Date.now().toString(36);
  const email = `bench-${tag}@example.test`;
  const password = `bench-${tag}-pass-2026`;
  const res = await fetch(`${origin}/api/signup`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrf-token': decodeURIComponent(csrf.slice('auth.csrf='.length)),
      cookie: csrf,
    },
    body: JSON.stringify({
      email,
      name: `Bench${tag}`,
      password,
      date_of_birth: '1990-05-17',
      gender: 'male',
      seeking: 'female',
    }),
  });
  if (!res.ok) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  return demoMember(origin, email, password);
}
