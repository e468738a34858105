import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** Postgres schema to use (tests isolate themselves with one each) */
  databaseSchema: string | null;
  redisUrl: string | null;
  /** key prefix of the BullMQ queue (tests isolate themselves with one each) */
  redisPrefix: string;
  /** consume jobs in this process (off for API-only nodes) */
  runJobs: boolean;
  /** import passes run in a child process (default) or on the server's own event loop (tests) */
  importWorker: 'process' | 'inline';
  /** V8 old-generation cap of an import worker, in MB */
  importWorkerHeapMb: number;
  /** first retry delay of a failed job; later ones grow ×4 */
  jobRetryBaseMs: number;
  /** realtime: how often clients ping; a presence missing two in a row is stale (DESIGN "Realtime") */
  realtimeHeartbeatMs: number;
  smtpUrl: string | null;
  /** public origin used in e-mailed links */
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
}

function int(value: string | undefined, fallback: number): number {
  const n = value === undefined || value === '' ? NaN : Number(value);
  return Number.isFinite(n) ? n : fallback;
}

/** Config from the environment; defaults need nothing (DESIGN "One server, one origin"). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = int(env.PORT, 3000);
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    databaseSchema: env.DATABASE_SCHEMA || null,
    redisUrl: env.REDIS_URL || null,
    redisPrefix: env.REDIS_PREFIX || 'lp',
    runJobs: env.RUN_JOBS !== '0',
    importWorker: env.IMPORT_WORKER === 'inline' ? 'inline' : 'process',
    importWorkerHeapMb: int(env.IMPORT_WORKER_HEAP_MB, 192),
    jobRetryBaseMs: int(env.JOB_RETRY_BASE_MS, 2000),
    realtimeHeartbeatMs: int(env.REALTIME_HEARTBEAT_MS, 15_000),
    smtpUrl: env.SMTP_URL || null,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    oauthClientId: env.OAUTH_CLIENT_ID ?? 'web',
    oauthClientSecret: env.OAUTH_CLIENT_SECRET ?? 'web-secret',
    scryptLogN: int(env.SCRYPT_LOG_N, 14),
    accessTokenTtlSeconds: int(env.ACCESS_TOKEN_TTL, 3600),
    refreshTokenTtlSeconds: int(env.REFRESH_TOKEN_TTL, 14 * 24 * 3600),
    refreshFamilyTtlSeconds: int(env.REFRESH_FAMILY_TTL, 30 * 24 * 3600),
    passwordResetTtlSeconds: int(env.PASSWORD_RESET_TTL, 24 * 3600),
    defaultUserPassword: env.DEFAULT_USER_PASSWORD || 'Mudar#123',
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
    ...overrides,
  };
}
