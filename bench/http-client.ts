import net from 'node:net';

/**
 * A minimal keep-alive HTTP/1.1 client on plain sockets, in the spirit of wrk or autocannon: one
 * request at a time per connection, the whole body read (by Content-Length), the status checked.
 * It costs the load generator about a quarter of what `node:http` does per request, and the load
 * generator shares the machine's two cores with the server and PostgreSQL. Shared by the search
 * and chat benchmarks.
 */
export class KeepAliveConnection {
  private socket: net.Socket | null = null;
  private buf: Buffer | null = null;
  private pending: {
    resolve: (answer: { status: number; body: Buffer }) => void;
    reject: (err: Error) => void;
    status: number;
    bodyStart: number;
    end: number;
  } | null = null;

  constructor(private readonly port: number) {}

  private connect(): Promise<net.Socket> {
    return new Promise((resolve, reject) => {
      const s = net.connect(this.port, '127.0.0.1');
      s.setNoDelay(true);
      s.once('connect', () => {
        this.socket = s;
        resolve(s);
      });
      s.on('error', (err) => {
        this.socket = null;
        reject(err);
        this.fail(err);
      });
      s.on('data', (d) => this.onData(d));
      s.on('close', () => {
        this.socket = null;
        this.fail(new Error('connection closed'));
      });
    });
  }

  private fail(err: Error) {
    const p = this.pending;
    this.pending = null;
    p?.reject(err);
  }

  async request(
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<{ status: number; body: Buffer }> {
    const socket = this.socket ?? (await this.connect());
    let head = `${method} ${path} HTTP/1.1\r\n`;
    for (const [k, v] of Object.entries(headers)) head += `${k}: ${v}\r\n`;
    if (body !== undefined) head += `content-length: ${Buffer.byteLength(body)}\r\n`;
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject, status: 0, bodyStart: 0, end: -1 };
      this.buf = null;
      socket.write(`${head}\r\n${body ?? ''}`);
    });
  }

  get(path: string, headers: Record<string, string>): Promise<number> {
    return this.request('GET', path, headers).then((a) => a.status);
  }

  private onData(d: Buffer) {
    const p = this.pending;
    if (!p) return;
    this.buf = this.buf ? Buffer.concat([this.buf, d]) : d;
    if (p.end < 0) {
      const headEnd = this.buf.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const head = this.buf.toString('latin1', 0, headEnd);
      p.status = Number(head.slice(9, 12));
      const length = /\r\ncontent-length: *(\d+)/i.exec(head);
      if (!length) return this.fail(new Error('answer without content-length'));
      p.bodyStart = headEnd + 4;
      p.end = p.bodyStart + Number(length[1]);
    }
    if (this.buf.length >= p.end) {
      const body = this.buf.subarray(p.bodyStart, p.end);
      this.pending = null;
      this.buf = null;
      p.resolve({ status: p.status, body });
    }
  }
}

/**
 * A text message sent as a member's browser sends it: the session cookie, the CSRF token as
 * cookie and header, from the address `ip` (behind the local proxy: X-Forwarded-For). Fails
 * unless the server answers 200.
 */
export async function sendChatText(
  http: ConnectionPool,
  m: { to: string; cookie: string; csrf: string; ip: string; clientId: string; body: string },
) {
  const res = await http.request(
    'POST',
    `/api/members/${m.to}/messages`,
    {
      host: 'localhost',
      'content-type': 'application/json',
      cookie: `${m.cookie}; auth.csrf=${m.csrf}`,
      'x-csrf-token': m.csrf,
      'x-forwarded-for': m.ip,
    },
    JSON.stringify({ client_id: m.clientId, kind: 'text', body: m.body }),
  );
  if (res.status !== 200) throw new Error(`send answered ${res.status} ${res.body.toString()}`);
  return res;
}

/** Connections reused one request at a time (as many as requests run at once). */
export class ConnectionPool {
  private idle: KeepAliveConnection[] = [];
  constructor(private readonly port: number) {}

  async request(method: string, path: string, headers: Record<string, string>, body?: string) {
    const conn = this.idle.pop() ?? new KeepAliveConnection(this.port);
    try {
      return await conn.request(method, path, headers, body);
    } finally {
      this.idle.push(conn);
    }
  }
}
