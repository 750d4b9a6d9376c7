/**
 * The floor under any Node HTTP API on this machine: `node:http`, no framework and no middleware
 * (no session, CSRF, rate limit, validation, security headers, metrics), calling the feature's own
 * service on the app's own pool (platform/db.ts). A benchmark runs it beside the built server
 * (bench/server.ts startBareServer) to split what the API costs over raw SQL into what any Node
 * server in front of PostgreSQL costs (parsing HTTP, running the pg client, JSON) and what the app's
 * own stack adds. Not a server anyone should run: it trusts the caller (x-sender) and checks
 * nothing.
 *   POST /chat/:recipient   x-sender: <member id>   body: the message as the API takes it
 *   GET  /search?q=<JSON of the search query>       (a visitor's search)
 *   GET  /api/health                                 (answers once it listens, as the app does)
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { SearchQuery } from '@amora/contracts';
import { sendMessage } from '../apps/server/src/features/chat/chat.service.ts';
import { searchMembers } from '../apps/server/src/features/members/search.ts';
import { openDb } from '../apps/server/src/platform/db.ts';
import { useMediaKey } from '../apps/server/src/platform/media.ts';
import { SiteDirectory } from '../apps/server/src/platform/sites.ts';

const db = await openDb({ databaseUrl: process.env.DATABASE_URL!, dataDir: process.env.DATA_DIR! });
const site = await new SiteDirectory(db).forHost('localhost');
// Photo addresses are signed as the app signs them (with a key of its own: nobody opens them).
useMediaKey(crypto.randomBytes(32));

function answer(res: http.ServerResponse, status: number, value: unknown) {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

async function handle(req: http.IncomingMessage, body: string): Promise<unknown> {
  const url = new URL(req.url!, 'http://localhost');
  if (req.method === 'POST' && url.pathname.startsWith('/chat/')) {
    const r = await sendMessage(
      db,
      site,
      String(req.headers['x-sender']),
      url.pathname.slice('/chat/'.length),
      JSON.parse(body),
    );
    return { message: r.message, credits: r.credits, free_messages_left: r.free_messages_left };
  }
  if (req.method === 'GET' && url.pathname === '/api/health') return { status: 'ok' };
  if (req.method === 'GET' && url.pathname === '/search') {
    return searchMembers(db, site, JSON.parse(url.searchParams.get('q')!) as SearchQuery, null);
  }
  throw new Error(`no route ${req.method} ${url.pathname}`);
}

http
  .createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => {
      body += d;
    });
    req.on('end', () => {
      handle(req, body).then(
        (value) => answer(res, 200, value),
        (err: Error) => answer(res, 500, { error: err.message }),
      );
    });
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
