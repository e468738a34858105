import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import { FAQ_ASK_RATE } from '@lp/shared/rules';
import { streamingSettings, type StreamingSettings } from '@lp/streaming/server';
import { requestValidatorFactory } from './lib/requestValidation.ts';
import type { S3Settings } from './storage/s3.ts';

type LoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;

/**
 * Request limits per window (@fastify/rate-limit, docs/security.md "Rate limits"); shared across
 * nodes through Redis when REDIS_URL is set. `max` 0 turns one off.
 */
export const RATE_LIMIT_DEFAULTS = {
  /** every authenticated API request, per user (generous: a page makes a few dozen) */
  api_user: { max: 1200, seconds: 60 },
  /** POST /api/o/token/ per client address, every grant (the login lock counts failures on top) */
  token_ip: { max: 60, seconds: 60 },
  /** password recovery e-mails, per address and per e-mail */
  recovery_ip: { max: 20, seconds: 15 * 60 },
  recovery_email: { max: 5, seconds: 15 * 60 },
  /** self sign-up (spec 1 §2.1 register), each one may mail a verification link, per address */
  register_ip: { max: 10, seconds: 60 * 60 },
  /** recovery codes sent by SMS, per address and per account (each one costs a message) */
  sms_ip: { max: 10, seconds: 60 * 60 },
  sms_user: { max: 3, seconds: 15 * 60 },
  /** help requests (each one e-mails every superuser), per address and per e-mail */
  help_ip: { max: 20, seconds: 60 * 60 },
  help_email: { max: 5, seconds: 60 * 60 },
  /** "send your question" (FAQ): per visitor address, per e-mail typed, per learner */
  faq_ask: { max: FAQ_ASK_RATE.max, seconds: FAQ_ASK_RATE.windowMinutes * 60 },
  /** messages created or sent again (mass mailing), per administrator */
  messages_user: { max: 60, seconds: 60 * 60 },
} as const satisfies Record<string, RateLimit>;

export interface RateLimit {
  max: number;
  seconds: number;
}
export type RateLimitName = keyof typeof RATE_LIMIT_DEFAULTS;
export type RateLimits = Record<RateLimitName, RateLimit>;

/** `RATE_LIMITS`: `off`, or `name=max/seconds` pairs (comma-separated) over the defaults. */
export function parseRateLimits(value: string | undefined): RateLimits {
  const limits: RateLimits = { ...RATE_LIMIT_DEFAULTS };
  const text = (value ?? '').trim();
  if (text === 'off') {
    for (const name of Object.keys(limits) as RateLimitName[]) limits[name] = { ...limits[name], max: 0 };
    return limits;
  }
  for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const match = /^([a-z_]+)=(\d+)\/(\d+)$/.exec(part);
    if (!match || !(match[1]! in limits) || Number(match[3]) < 1) throw new Error(`RATE_LIMITS: cannot read "${part}" (name=max/seconds, names: ${Object.keys(limits).join(', ')})`);
    limits[match[1] as RateLimitName] = { max: Number(match[2]), seconds: Number(match[3]) };
  }
  return limits;
}

/** `TRUST_PROXY`: off (the socket's address is the client's), or the proxies' addresses/CIDRs. */
export function parseTrustProxy(value: string | undefined): false | string[] {
  const text = (value ?? '').trim();
  if (['', '0', 'false', 'off', 'no'].includes(text.toLowerCase())) return false;
  // `true` would believe any X-Forwarded-For: the proxies must be named
  if (['1', 'true', 'on', 'yes'].includes(text.toLowerCase())) throw new Error('TRUST_PROXY: name the proxies (addresses or CIDRs, comma-separated), not "true"');
  return text.split(',').map((p) => p.trim()).filter(Boolean);
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY, S3_SECRET_KEY (all four), S3_REGION, S3_FORCE_PATH_STYLE: the bucket every stored file goes to; null = the local disk under dataDir */
  s3: S3Settings | null;
  databaseUrl: string | null;
  /** Postgres schema to use (tests isolate themselves with one each) */
  databaseSchema: string | null;
  redisUrl: string | null;
  /** key prefix of the BullMQ queue (tests isolate themselves with one each) */
  redisPrefix: string;
  /** consume jobs in this process (off for API-only nodes) */
  runJobs: boolean;
  /**
   * start the hourly jobs the calendar drives (unpublish dates, learner notices) when the app is
   * ready; tests turn them off, as their seeded database may be from before midnight
   */
  calendarJobs: boolean;
  /** import passes run in a child process (default) or on the server's own event loop (tests) */
  importWorker: 'process' | 'inline';
  /** V8 old-generation cap of an import worker, in MB */
  importWorkerHeapMb: number;
  /** first retry delay of a failed job; later ones grow ×4 */
  jobRetryBaseMs: number;
  /**
   * BullMQ: how long a running job's lock lasts without renewal (the worker renews it at half);
   * a job whose node died is taken up again within about twice this (docs/production.md "Topology")
   */
  jobLockMs: number;
  /** realtime: how often clients ping; a presence missing two in a row is stale (DESIGN "Realtime") */
  realtimeHeartbeatMs: number;
  /** how long a session's lookup is reused without a write telling otherwise (docs/security.md "Session cache"); 0: never */
  authCacheSeconds: number;
  smtpUrl: string | null;
  /**
   * SMS_URL: a generic HTTP SMS provider — each message is POSTed as JSON {to, text}, with
   * `Authorization: Bearer SMS_TOKEN` when set; null: messages are written to $DATA_DIR/outbox
   * as .sms files, like e-mails without SMTP_URL
   */
  smsUrl: string | null;
  smsToken: string | null;
  /** SMS_CODE_TTL / SMS_CODE_ATTEMPTS: an SMS recovery code's lifetime (seconds) and the guesses it allows */
  smsCodeTtlSeconds: number;
  smsCodeAttempts: number;
  /** PARTNER_OIDC_ALLOW_HTTP=1: a partner provider may be reached over plain http (a local test provider only) */
  partnerOidcAllowHttp: boolean;
  /**
   * PARTNER_SECRET_KEY: the key material of the secrets kept encrypted at rest (partner providers'
   * client secrets, lib/secretBox.ts); null = derived from the media URL secret
   */
  partnerSecretKey: string | null;
  /**
   * spec 1 §2.1 mobile app: APP_SCHEME, the native app's URL scheme (e.g. `learning`; null = no
   * mobile-browser redirect), and its store pages APP_STORE_URL / PLAY_STORE_URL (the /app-store
   * page and the install suggestion; null = not offered)
   */
  appScheme: string | null;
  appStoreUrl: string | null;
  playStoreUrl: string | null;
  /**
   * APP_USER_AGENT: what the native app writes in its web views' user agent (default `LearningApp/`):
   * a mobile browser whose user agent holds it is the app itself, never sent to the app nor offered it
   */
  appUserAgent: string;
  /**
   * HELP_DESK_URL: the help-desk widget of spec 1 §2.1 (shown while use_help_desk is on): a script
   * (an https URL ending in .js, its origin then allowed by the portal's CSP) or a page the
   * widget's button opens; null = none
   */
  helpDeskUrl: string | null;
  /**
   * spec 1 §5.5 captcha (ALTCHA proof of work, PBKDF2/SHA-256): CAPTCHA_COST iterations per try and
   * up to CAPTCHA_MAX_COUNTER tries (the work a browser does); CAPTCHA_AFTER_FAILURES failed logins
   * of a username make the login ask for it even with use_recaptcha off (0: never)
   */
  captchaCost: number;
  captchaMaxCounter: number;
  captchaAfterFailures: number;
  /**
   * CURRENCY: the ISO 4217 currency of money values (face-to-face costs, spec 3 §3 "Costs"), kept as
   * integer cents, for the clients whose settings name no currency of their own (default BRL)
   */
  currency: string;
  /** PUBLIC_URL: the origin of links that leave the request (e-mails, certificate PDFs and their verify links); answers use the request's own origin */
  publicUrl: string;
  oauthClientId: string;
  oauthClientSecret: string;
  /** log2 of scrypt's N; OWASP: 17 (N=131072, r=8, p=1) */
  scryptLogN: number;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** absolute lifetime of a login's refresh-token family */
  refreshFamilyTtlSeconds: number;
  passwordResetTtlSeconds: number;
  /** the password an administrator's "reset to default" sets (the user must change it) */
  defaultUserPassword: string;
  /** FIRST_ACCESS_TTL: how long a first-access link (set-password/…) stays valid, in seconds */
  firstAccessTtlSeconds: number;
  /** EMAIL_VERIFICATION_TTL: how long a self-registered account's verification link stays valid */
  emailVerificationTtlSeconds: number;
  /**
   * USER_IMPORT_PASSWORD: `link` (default) — imported users get a first-access link (spec 1 §2.1
   * set-password); `default` — they get DEFAULT_USER_PASSWORD and must change it at first login.
   */
  userImportPassword: 'link' | 'default';
  loginMaxFailures: number;
  loginLockSeconds: number;
  seedDemo: boolean;
  /**
   * CONTENT_ORIGIN: the cookieless origin uploaded packages and user HTML/SVG are served from
   * (DESIGN "User content on its own origin"); null = the host the page was opened from, on
   * `contentPort`.
   */
  contentOrigin: string | null;
  /** CONTENT_PORT: where the content origin's listener binds (default PORT+1; 0 = any free port, set once bound) */
  contentPort: number;
  /** MEDIA_URL_SECRET: HMAC key of signed media URLs; null = one kept in $DATA_DIR/secrets/ */
  mediaUrlSecret: string | null;
  /** MEDIA_URL_TTL: the least a signed media URL stays valid, in seconds */
  mediaUrlTtlSeconds: number;
  /** REFRESH_REUSE_GRACE: how long the refresh token just rotated may be presented again without revoking its family */
  refreshReuseGraceSeconds: number;
  staticRoot: string | null;
  logLevel: string;
  /** LOG_FORMAT: 'pretty' (human-readable, the default outside production) or 'json' (one object a line, production's default) */
  logFormat: 'pretty' | 'json';
  /** METRICS_TOKEN: the bearer token /metrics asks for; null = /metrics answers loopback callers only */
  metricsToken: string | null;
  /** Fastify's trustProxy: false, or the proxies whose X-Forwarded-For is believed */
  trustProxy: false | string[];
  rateLimits: RateLimits;
  /** an unfinished or unclaimed tus upload is removed this long after its creation */
  uploadTtlSeconds: number;
  /** bytes one user may hold in unfinished and unclaimed uploads */
  uploadQuotaBytes: number;
  /** the browser-streaming engine: FFMPEG_PATH, STREAMING_RTP_PORTS, STREAMING_ICE_* … (streaming/README "Configuration") */
  streaming: StreamingSettings;
  /**
   * STREAMING_ENGINE: the ingest (publisher's WebRTC, ffmpeg, WebRTC viewers) runs in a child
   * process of its own (default), so its media work never holds up the API's requests; or
   * `inline` on the API's event loop (tests, and a machine where a second process is unwanted)
   */
  streamingEngine: 'process' | 'inline';
  /** STREAMING_SIGNALLING_URL: an external engine's signalling socket; null = this server's /api/streaming/webrtc-session.json */
  streamingSignallingUrl: string | null;
  /**
   * STREAMING_LEASE_SECONDS: how long a running ingest session's lease lasts unrenewed (its node
   * renews it every third of that); a session whose node died is closed once it runs out
   * (docs/production.md "Topology")
   */
  streamingLeaseMs: number;
  /**
   * NODE_ID: this node's stable name, distinct per node; a restart under the same name closes the
   * ingest sessions its previous process left at once instead of when their lease runs out.
   * null = a random name per process (nodes sharing DATA_DIR cannot tell each other's files apart)
   */
  nodeId: string | null;
  /** JITSI_DOMAIN: the Jitsi Meet server of embedded live class rooms (spec 3 §2), host[:port] without a scheme */
  jitsiDomain: string;
  /** GEOCODER_URL: a service speaking the Nominatim search API (spec 3 §2 address search); null = the client's branches only */
  geocoderUrl: string | null;
  /** MAP_TILE_URL: the admin map's tile template ({z}/{x}/{y}); null = no tiles (forms work without them) */
  mapTileUrl: string | null;
  /** an HTML or SCORM package unpacks to at most this many bytes … */
  packageMaxUnpackedBytes: number;
  /** … and at most this many times its packed size */
  packageMaxRatio: number;
}

function int(value: string | undefined, fallback: number): number {
  const n = value === undefined || value === '' ? NaN : Number(value);
  return Number.isFinite(n) ? n : fallback;
}

/** `NODE_ID`: unset, or a name of letters, digits, `.`, `_`, `-` (up to 64, the sessions' node_id column). */
export function parseNodeId(value: string | undefined): string | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(text)) throw new Error('NODE_ID: up to 64 letters, digits, ".", "_" or "-"');
  return text;
}

/** An absolute https URL (http only on localhost, for a development machine), else null. */
function httpsUrl(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || (url.protocol === 'http:' && ['localhost', '127.0.0.1'].includes(url.hostname)) ? url.href : null;
  } catch {
    return null;
  }
}

/** The object store when all four of its variables are set; some but not all is a mistake worth stopping for. */
function s3Settings(env: NodeJS.ProcessEnv): S3Settings | null {
  const required = { endpoint: env.S3_ENDPOINT, bucket: env.S3_BUCKET, accessKey: env.S3_ACCESS_KEY, secretKey: env.S3_SECRET_KEY };
  const given = Object.values(required).filter(Boolean).length;
  if (given === 0) return null;
  if (given < 4) throw new Error('S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY and S3_SECRET_KEY are set together (object storage) or not at all');
  return {
    endpoint: required.endpoint!, bucket: required.bucket!, accessKey: required.accessKey!, secretKey: required.secretKey!,
    region: env.S3_REGION || 'us-east-1',
    forcePathStyle: env.S3_FORCE_PATH_STYLE === '1' || env.S3_FORCE_PATH_STYLE === 'true',
  };
}

/** Config from the environment; defaults need nothing (DESIGN "One server, one origin"). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = int(env.PORT, 3000);
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  // answers build their URLs on the request's own origin; PUBLIC_URL is what e-mails and
  // certificate PDFs carry for good, so a production server must not default it to localhost
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
    throw new Error('PUBLIC_URL must be set in production: it is the address in e-mailed links and certificate PDFs (e.g. https://learning.example.com)');
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    s3: s3Settings(env),
    databaseUrl: env.DATABASE_URL || null,
    databaseSchema: env.DATABASE_SCHEMA || null,
    redisUrl: env.REDIS_URL || null,
    redisPrefix: env.REDIS_PREFIX || 'lp',
    runJobs: env.RUN_JOBS !== '0',
    calendarJobs: env.CALENDAR_JOBS !== '0',
    importWorker: env.IMPORT_WORKER === 'inline' ? 'inline' : 'process',
    importWorkerHeapMb: int(env.IMPORT_WORKER_HEAP_MB, 192),
    jobRetryBaseMs: int(env.JOB_RETRY_BASE_MS, 2000),
    jobLockMs: int(env.JOB_LOCK_SECONDS, 30) * 1000,
    realtimeHeartbeatMs: int(env.REALTIME_HEARTBEAT_MS, 15_000),
    authCacheSeconds: int(env.AUTH_CACHE_SECONDS, 10),
    smtpUrl: env.SMTP_URL || null,
    smsUrl: env.SMS_URL || null,
    smsToken: env.SMS_TOKEN || null,
    smsCodeTtlSeconds: int(env.SMS_CODE_TTL, 5 * 60),
    smsCodeAttempts: int(env.SMS_CODE_ATTEMPTS, 5),
    partnerOidcAllowHttp: env.PARTNER_OIDC_ALLOW_HTTP === '1',
    partnerSecretKey: env.PARTNER_SECRET_KEY || null,
    appScheme: /^[a-z][a-z0-9+.-]*$/i.test(env.APP_SCHEME ?? '') ? env.APP_SCHEME!.toLowerCase() : null,
    appStoreUrl: httpsUrl(env.APP_STORE_URL),
    playStoreUrl: httpsUrl(env.PLAY_STORE_URL),
    appUserAgent: env.APP_USER_AGENT?.trim() || 'LearningApp/',
    helpDeskUrl: httpsUrl(env.HELP_DESK_URL),
    captchaCost: int(env.CAPTCHA_COST, 5_000),
    captchaMaxCounter: int(env.CAPTCHA_MAX_COUNTER, 10_000),
    captchaAfterFailures: int(env.CAPTCHA_AFTER_FAILURES, 3),
    currency: /^[A-Z]{3}$/.test(env.CURRENCY ?? '') ? env.CURRENCY! : 'BRL',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    oauthClientId: env.OAUTH_CLIENT_ID ?? 'web',
    oauthClientSecret: env.OAUTH_CLIENT_SECRET ?? 'web-secret',
    scryptLogN: int(env.SCRYPT_LOG_N, 14),
    accessTokenTtlSeconds: int(env.ACCESS_TOKEN_TTL, 3600),
    refreshTokenTtlSeconds: int(env.REFRESH_TOKEN_TTL, 14 * 24 * 3600),
    refreshFamilyTtlSeconds: int(env.REFRESH_FAMILY_TTL, 30 * 24 * 3600),
    passwordResetTtlSeconds: int(env.PASSWORD_RESET_TTL, 24 * 3600),
    defaultUserPassword: env.DEFAULT_USER_PASSWORD || 'Mudar#123',
    firstAccessTtlSeconds: int(env.FIRST_ACCESS_TTL, 7 * 24 * 3600),
    emailVerificationTtlSeconds: int(env.EMAIL_VERIFICATION_TTL, 48 * 3600),
    userImportPassword: env.USER_IMPORT_PASSWORD === 'default' ? 'default' : 'link',
    loginMaxFailures: int(env.LOGIN_MAX_FAILURES, 5),
    loginLockSeconds: int(env.LOGIN_LOCK_SECONDS, 15 * 60),
    seedDemo: env.SEED_DEMO !== '0',
    contentOrigin: env.CONTENT_ORIGIN ? env.CONTENT_ORIGIN.replace(/\/$/, '') : null,
    contentPort: int(env.CONTENT_PORT, port + 1),
    mediaUrlSecret: env.MEDIA_URL_SECRET || null,
    mediaUrlTtlSeconds: int(env.MEDIA_URL_TTL, 2 * 3600),
    refreshReuseGraceSeconds: int(env.REFRESH_REUSE_GRACE, 10),
    staticRoot: env.STATIC_ROOT ?? path.resolve(import.meta.dirname, '../..'),
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat: env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty' ? env.LOG_FORMAT : env.NODE_ENV === 'production' ? 'json' : 'pretty',
    metricsToken: env.METRICS_TOKEN || null,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    rateLimits: parseRateLimits(env.RATE_LIMITS),
    uploadTtlSeconds: int(env.UPLOAD_TTL, 24 * 3600),
    uploadQuotaBytes: int(env.UPLOAD_QUOTA_MB, 1024) * 1024 * 1024,
    packageMaxUnpackedBytes: int(env.PACKAGE_MAX_UNPACKED_MB, 500) * 1024 * 1024,
    packageMaxRatio: int(env.PACKAGE_MAX_RATIO, 100),
    streaming: streamingSettings(env),
    streamingEngine: env.STREAMING_ENGINE === 'inline' ? 'inline' : 'process',
    streamingSignallingUrl: env.STREAMING_SIGNALLING_URL || null,
    streamingLeaseMs: Math.max(3, int(env.STREAMING_LEASE_SECONDS, 30)) * 1000,
    nodeId: parseNodeId(env.NODE_ID),
    // the public Jitsi Meet service unless a self-hosted one is named
    jitsiDomain: (env.JITSI_DOMAIN?.trim() || 'meet.jit.si').replace(/^https?:\/\//, '').replace(/\/+$/, ''),
    geocoderUrl: env.GEOCODER_URL?.trim().replace(/\/+$/, '') || null,
    mapTileUrl: env.MAP_TILE_URL?.trim() || null,
    ...overrides,
  };
}

/** Fastify's own options that follow the configuration (server.ts; tests build their app with them too). */
/** A request id a proxy or a caller sent is kept when it looks like one; otherwise one is made. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

export function requestIdOf(header: string | string[] | undefined): string {
  const given = Array.isArray(header) ? header[0] : header;
  return given && REQUEST_ID.test(given) ? given : randomUUID();
}

/** The Fastify options every instance of the app shares (server, tests, benches). */
type FastifyValidatorFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator'];

export function fastifyOptions(config: Pick<Config, 'trustProxy'>): Pick<FastifyServerOptions, 'schemaController'> & { trustProxy: boolean | string[]; genReqId: (req: IncomingMessage) => string; pluginTimeout: number } {
  return {
    trustProxy: config.trustProxy,
    // nullable request fields keep null, 0, '' and false as sent (lib/requestValidation.ts)
    schemaController: { compilersFactory: { buildValidator: requestValidatorFactory() as unknown as FastifyValidatorFactory } },
    // the db plugin migrates and, on a first start, seeds the demo before any route is served: on a
    // loaded two-core machine that takes longer than Fastify's 10 s default, and a start must not
    // fail for being slow (a migration that truly hangs is the database's to time out)
    pluginTimeout: 0,
    // docs/production.md "Observability": every log line of a request carries its id (reqId), the answer names it in X-Request-Id
    genReqId: (req) => requestIdOf(req.headers['x-request-id']),
  };
}

/** The logger of the server process: pino, pretty-printed for people or JSON for collectors. */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'logFormat'>): LoggerOptions {
  if (config.logFormat === 'json') return { level: config.logLevel };
  return { level: config.logLevel, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } } };
}

/**
 * @fastify/autoload imports the route folders' `.ts` files only under a loader it recognises
 * (vitest, ts-node, `-r tsx` …); this server always runs its TypeScript sources, and
 * `node --import tsx` (npm start, the benches) is not one it detects. Its switch is an
 * environment variable, so it is set here, where the environment is read.
 */
export function allowTypeScriptRoutes(): void {
  process.env.FASTIFY_AUTOLOAD_TYPESCRIPT ??= '1';
}
