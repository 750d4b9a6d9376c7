/**
 * `npm run admin -- <command> [options]`: sites and operators of the console from the command line
 * (issues 17, 25). The first site and the first admin are made here; there is no default account,
 * no default password, and no demo data unless SEED_DEMO asks for it.
 *
 *   site create --domain D --name N --language L --countries C,... --company X --support-email E
 *               [--prices-template eur|usd|gbp|pln|chf|all] [more settings: USAGE]
 *   site list
 *   create --email E --name N --role admin [--site domain]   (password: ADMIN_PASSWORD or generated)
 *   grant --email E --role R [--site domain]      revoke --email E --role R [--site domain]
 *   disable --email E      enable --email E      reset-password --email E
 *   require-totp --email E [--off]      list
 *   media copy-to-s3                    (DATA_DIR's media folder into MEDIA_STORE=s3's bucket)
 *
 * Without --site a role holds for every site. Every change is written to the audit log as
 * "command line". With the embedded database (no DATABASE_URL) the server must be stopped first:
 * PGlite serves one process at a time.
 */
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '../config.ts';
import {
  createOperator,
  disableOperator,
  generatePassword,
  grantRole,
  listOperators,
  OperatorError,
  operatorIdByEmail,
  parseRole,
  requireTotp,
  resetPassword,
  revokeRole,
} from '../features/admin/operators.service.ts';
import { createSite, listSites } from '../features/sites/sites.admin.service.ts';
import type { Db } from '../platform/db.ts';
import { openDb } from '../platform/db.ts';
import { AppError } from '../platform/errors.ts';
import { migrate } from '../platform/migrate.ts';
import { operatorGrants } from '../platform/operators.ts';
import { SiteDirectory } from '../platform/sites.ts';
import { openMediaStores } from '../platform/storage.ts';
import { copyMediaFolder } from './media-copy.ts';
import {
  defaultPriceTemplate,
  defaultTimeZone,
  isPriceTemplate,
  PRICE_TEMPLATES,
  siteConfigFrom,
} from './site-template.ts';

export const USAGE = `Usage: npm run admin -- <command> [options]

  site create --domain DOMAIN --name NAME --language LANG --countries CC[,CC...]
              --company NAME --support-email ADDRESS [options]
      A new site (no demo members). LANG as en-US, nl-NL, de-DE...; CC as US, NL, DE...
      --prices-template eur|usd|gbp|pln|chf|all  the packages' prices (default: the first
                                       country's currency; all: every currency)
      --aliases HOST[,HOST...]  --niche 1-7  --support-phone P  --time-zone ZONE
      --company-address A  --company-city C  --company-country C  --company-id ID
      --vat NUMBER[,NUMBER...]  --description TEXT  --title TEXT
      Every other setting: in the console (/admin/sites) once an admin of every site logs in.
  site list                                       sites with their domains and languages

  create --email E --name N --role ROLE [--site DOMAIN]
      A new operator. The password comes from ADMIN_PASSWORD, or a strong one is generated
      and printed once: keep it, it is not shown again.
  grant --email E --role ROLE [--site DOMAIN]     add a role (for every site without --site)
  revoke --email E --role ROLE [--site DOMAIN]    remove a role
  disable --email E | enable --email E            stop (or allow again) an operator's logins
  reset-password --email E                        new password (ADMIN_PASSWORD or generated)
  require-totp --email E [--off]                  require the authenticator app at login
  list                                            operators with their roles

ROLE: admin (every role), moderator, support or finance.

  media copy-to-s3
      Copies DATA_DIR's media (photos, demo portraits, chat pictures) into the bucket that
      MEDIA_STORE=s3 and the S3_* settings name. Objects the bucket has already are left
      alone: run it again after an interruption, and once more after the instances switched.

With the embedded database (no DATABASE_URL) stop the server first; with DATABASE_URL the
command runs beside it.`;

export interface CliIo {
  out: (line: string) => void;
  env: Record<string, string | undefined>;
}

function parseArgs(argv: string[]): { command: string; opts: Record<string, string | true> } {
  const [command = 'help', ...rest] = argv;
  const opts: Record<string, string | true> = {};
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (!a.startsWith('--')) throw new OperatorError(`unexpected argument: ${a}`);
    const [key, inline] = a.slice(2).split('=', 2) as [string, string | undefined];
    if (inline !== undefined) opts[key] = inline;
    else if (rest[i + 1] !== undefined && !rest[i + 1]!.startsWith('--')) opts[key] = rest[++i]!;
    else opts[key] = true;
  }
  return { command, opts };
}

function need(opts: Record<string, string | true>, key: string): string {
  const v = opts[key];
  if (typeof v !== 'string' || !v.trim()) throw new OperatorError(`--${key} is required`);
  return v.trim();
}

async function siteIdOf(db: Db, opts: Record<string, string | true>): Promise<number | null> {
  if (opts.site === undefined) return null;
  const domain = need(opts, 'site').toLowerCase();
  const [row] = await db.query<{ id: number }>('SELECT id FROM sites WHERE domain = $1', [domain]);
  if (!row) throw new OperatorError(`no site with the domain ${domain}`);
  return row.id;
}

function list(opts: Record<string, string | true>, key: string): string[] {
  const v = opts[key];
  if (v === undefined) return [];
  if (typeof v !== 'string') throw new OperatorError(`--${key} needs a value`);
  return v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}

function optional(opts: Record<string, string | true>, key: string): string | undefined {
  const v = opts[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw new OperatorError(`--${key} needs a value`);
  return v.trim();
}

/** `site create`: a real site from the facts given, through the console's own create (checked, audited). */
async function createSiteCommand(db: Db, opts: Record<string, string | true>, io: CliIo): Promise<number> {
  const domain = need(opts, 'domain').toLowerCase();
  const countries = list(opts, 'countries').map((c) => c.toUpperCase());
  if (!countries.length) throw new OperatorError('--countries is required (e.g. --countries NL,BE)');
  const template = (optional(opts, 'prices-template') ?? defaultPriceTemplate(countries)).toLowerCase();
  if (!isPriceTemplate(template)) {
    throw new OperatorError(`unknown price template "${template}" (one of: ${PRICE_TEMPLATES.join(', ')})`);
  }
  const niche = Number(optional(opts, 'niche') ?? '1');
  const timeZone = optional(opts, 'time-zone') ?? defaultTimeZone(countries);
  try {
    new Intl.DateTimeFormat('en', { timeZone });
  } catch {
    throw new OperatorError(`unknown time zone "${timeZone}" (an IANA name such as Europe/Amsterdam)`);
  }
  const config = siteConfigFrom({
    name: need(opts, 'name'),
    language: need(opts, 'language'),
    countries,
    niche,
    company: need(opts, 'company'),
    companyAddress: optional(opts, 'company-address') ?? '',
    companyCity: optional(opts, 'company-city') ?? '',
    companyCountry: optional(opts, 'company-country') ?? '',
    companyId: optional(opts, 'company-id') ?? '',
    vatNumbers: list(opts, 'vat'),
    supportEmail: need(opts, 'support-email'),
    supportPhone: optional(opts, 'support-phone') ?? '',
    template,
    timeZone,
    description: optional(opts, 'description'),
    title: optional(opts, 'title'),
  });
  let created: Awaited<ReturnType<typeof createSite>>;
  try {
    created = await createSite(
      // The command line has no directory to refresh: servers read the new site within 30 s (at
      // once while they have no site at all).
      { db, sites: new SiteDirectory(db), realtime: { sitesChanged: () => {} } },
      null,
      { domain, aliases: list(opts, 'aliases').map((a) => a.toLowerCase()), config },
    );
  } catch (err) {
    if (err instanceof AppError && err.fields) {
      const why = Object.entries(err.fields).map(([field, code]) => `${field}: ${code}`);
      throw new OperatorError(`the site was not created (${why.join('; ')})`);
    }
    throw err;
  }
  const c = created.config;
  io.out(
    `Site ${created.domain} created (id ${created.id}): ${c.name}, ${c.domain_language}, ${c.countries.join(', ')}.`,
  );
  io.out(
    `Prices (${template}): ${c.packages
      .map(
        (p) =>
          `${p.id} ${p.credits} credits ${Object.entries(p.prices)
            .map(([cur, v]) => `${(Number(v) / 100).toFixed(2)} ${cur}`)
            .join('/')}`,
      )
      .join('; ')}.`,
  );
  const missing = [
    ['--company-address', c.company_address],
    ['--company-city', c.company_city],
    ['--company-country', c.company_country],
  ].filter(([, v]) => !v);
  if (missing.length) {
    io.out(
      `Still to fill in (the footer and the legal pages show them): ${missing.map(([k]) => k).join(', ')} (console: /admin/sites).`,
    );
  }
  return 0;
}

function passwordFrom(io: CliIo): { password: string; generated: boolean } {
  const given = io.env.ADMIN_PASSWORD;
  return given ? { password: given, generated: false } : { password: generatePassword(), generated: true };
}

/**
 * Runs one command against a migrated database; returns the exit code (0 done, 1 refused, 64
 * usage). Tests call it directly; the `npm run admin` entry opens the database and calls it.
 */
export async function runAdminCli(db: Db, argv: string[], io: CliIo): Promise<number> {
  try {
    // `site <create|list>`: a command of two words.
    const { command, opts } = parseArgs(argv[0] === 'site' ? ['site', ...argv.slice(2)] : argv);
    const where = async () => {
      const id = await siteIdOf(db, opts);
      return { id, label: id === null ? 'every site' : `site ${need(opts, 'site')}` };
    };
    switch (command) {
      case 'site': {
        const sub = argv[1];
        if (sub === 'create') return await createSiteCommand(db, opts, io);
        if (sub === 'list') {
          for (const s of (await listSites(db)).sites) {
            io.out(
              `${s.id}\t${s.domain}${s.aliases.length ? ` (${s.aliases.join(', ')})` : ''}\t${s.name}\t${s.domain_language}`,
            );
          }
          return 0;
        }
        io.out(`Unknown command: site ${sub ?? ''}\n\n${USAGE}`);
        return 64;
      }
      case 'create': {
        const email = need(opts, 'email');
        const name = need(opts, 'name');
        const role = parseRole(need(opts, 'role'));
        const site = await where();
        const { password, generated } = passwordFrom(io);
        await createOperator(db, null, { email, name, password, role, siteId: site.id });
        io.out(`Operator ${email} created: ${role} for ${site.label}.`);
        if (generated) io.out(`One-time password (shown only now): ${password}`);
        return 0;
      }
      case 'grant':
      case 'revoke': {
        const email = need(opts, 'email');
        const role = parseRole(need(opts, 'role'));
        const site = await where();
        const changed =
          command === 'grant'
            ? await grantRole(db, null, email, role, site.id)
            : await revokeRole(db, null, email, role, site.id);
        io.out(
          changed
            ? `${email}: ${command === 'grant' ? 'now' : 'no longer'} ${role} for ${site.label}.`
            : `${email}: nothing to change (${command === 'grant' ? 'already' : 'not'} ${role} for ${site.label}).`,
        );
        return 0;
      }
      case 'disable':
      case 'enable': {
        const email = need(opts, 'email');
        await disableOperator(db, null, email, command === 'disable');
        io.out(`${email}: ${command === 'disable' ? 'disabled, console sessions ended' : 'enabled'}.`);
        return 0;
      }
      case 'reset-password': {
        const email = need(opts, 'email');
        const { password, generated } = passwordFrom(io);
        await resetPassword(db, null, email, password);
        io.out(`${email}: new password set, console sessions ended.`);
        if (generated) io.out(`One-time password (shown only now): ${password}`);
        return 0;
      }
      case 'require-totp': {
        const email = need(opts, 'email');
        const off = opts.off === true;
        await requireTotp(db, null, await operatorIdByEmail(db, email), !off);
        io.out(`${email}: the authenticator app is ${off ? 'no longer required' : 'required at login'}.`);
        return 0;
      }
      case 'list': {
        const sites = new Map(
          (await db.query<{ id: number; domain: string }>('SELECT id, domain FROM sites')).map((s) => [
            s.id,
            s.domain,
          ]),
        );
        for (const o of await listOperators(db)) {
          const grants = (await operatorGrants(db, o.id))
            .map((g) => `${g.role}@${g.siteId === null ? '*' : (sites.get(g.siteId) ?? g.siteId)}`)
            .join(' ');
          const flags = [
            o.disabled_at ? 'disabled' : '',
            o.totp_secret ? 'totp' : o.totp_required ? 'totp-required' : '',
          ]
            .filter(Boolean)
            .join(' ');
          io.out(`${o.email}\t${o.name}\t${grants || '-'}${flags ? `\t${flags}` : ''}`);
        }
        return 0;
      }
      case 'help':
      case '--help':
        io.out(USAGE);
        return 0;
      default:
        io.out(`Unknown command: ${command}\n\n${USAGE}`);
        return 64;
    }
  } catch (err) {
    if (err instanceof OperatorError) {
      io.out(`Refused: ${err.message}`);
      return 1;
    }
    throw err;
  }
}

/** Whether something answers on the server's port on this machine (the server is running). */
function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function main() {
  const argv = process.argv.slice(2);
  const io: CliIo = { out: (l) => console.log(l), env: process.env };
  if (!argv.length || argv[0] === 'help' || argv[0] === '--help') {
    io.out(USAGE);
    return 0;
  }
  const config = loadConfig(process.env);
  // The media copy needs no database: it runs beside the server, whatever the database.
  if (argv[0] === 'media') {
    if (argv[1] !== 'copy-to-s3' || argv.length > 2) {
      io.out(`Unknown command: ${argv.join(' ')}\n\n${USAGE}`);
      return 64;
    }
    if (config.mediaStore.kind !== 's3') {
      throw new ConfigError(
        'media copy-to-s3 needs MEDIA_STORE=s3 and S3_BUCKET (and S3_ENDPOINT for a store other than AWS)',
      );
    }
    await copyMediaFolder(
      config.dataDir,
      await openMediaStores(config.dataDir, config.mediaStore.s3),
      io.out,
    );
    return 0;
  }
  if (!config.databaseUrl && (await portAnswers(config.port))) {
    console.error(
      `Something answers on port ${config.port}: stop the server first. The embedded database (${path.join(config.dataDir, 'pg')}) serves one process at a time; with DATABASE_URL the command runs beside the server.`,
    );
    return 75; // EX_TEMPFAIL
  }
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    return await runAdminCli(db, argv, io);
  } finally {
    await db.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
