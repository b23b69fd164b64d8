/** Environment configuration, validated at start with a clear message per bad value. */
import { resolve } from 'node:path';
import { z } from 'zod';

const bool = z.enum(['0', '1', 'true', 'false', 'yes', 'no', '']).transform((v) => v === '1' || v === 'true' || v === 'yes');
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

export const NODE_ROLE_NAMES = ['api', 'tracker', 'worker'] as const;
export type NodeRole = (typeof NODE_ROLE_NAMES)[number];

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalString.pipe(z.url({ message: 'must be a URL such as https://track.example.com' }).optional()),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  /** a read replica for statistics queries (optional; PostgreSQL only) */
  DATABASE_READ_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATA_DIR: z.string().default('./data'),
  /** the embedded database's buffer cache (PostgreSQL `shared_buffers`) */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^[1-9]\d*(kB|MB|GB)$/, 'must be a size such as 16MB')
    .default('16MB'),
  /**
   * the embedded database runs on a thread of its own, so its work never holds the event loop that answers requests
   * (docs/decisions/platform.md, "The embedded database on its own thread"); off runs it on the request thread
   */
  EMBEDDED_DB_THREAD: bool.default(true),
  /**
   * a Unix socket path where the embedded database thread answers one SQL statement a JSON line, for local tools (the
   * bench reads the running server's data through it); unset by default. The file is the server user's alone (0600)
   */
  EMBEDDED_DB_SOCKET: optionalString,
  ADMIN_EMAIL: optionalString.pipe(z.email({ message: 'must be an e-mail address' }).optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(5, 'must have at least 5 characters').optional()),
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must have at least 32 characters').optional()),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(30).default(900),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .default(30 * 86400),
  BASE_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be a 3-letter currency code')
    .default('USD'),
  SYSTEM_NAME: z.string().min(1).max(200).default('Leadgrid'),
  TRUST_PROXY: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  SMTP_FROM: z.string().default('Leadgrid <no-reply@localhost>'),
  TELEGRAM_API_URL: optionalString
    .pipe(z.url({ message: 'must be a URL such as https://api.telegram.org' }).optional())
    .transform((v) => (v ?? 'https://api.telegram.org').replace(/\/+$/, '')),
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  UPLOAD_DIR: optionalString,
  CHAT_SUPPORT_URL: optionalString.pipe(z.url().optional()),
  ALLOW_PRIVATE_CALLBACKS: bool.default(false),
  /** clicks are written in batches every N ms; 0 writes each click before answering */
  CLICK_FLUSH_MS: z.coerce.number().int().min(0).max(10_000).default(50),
  /**
   * each click appended to a local journal (DATA_DIR/click-journal/port-<PORT>) before its answer, so a killed process
   * loses no acknowledged click (docs/decisions/engine.md "A local click journal"); off only to measure its cost
   */
  CLICK_JOURNAL: bool.default(true),
  WEB_DIST: optionalString,
  DEMO: bool.default(false),
  /**
   * what this process serves when several run behind a balancer (docs/architecture.md §2, the deployment): `tracker`
   * the hot paths (clicks `/c/`, the lead API, inbound postbacks), `api` everything else (the REST API, the web app,
   * the events stream), `worker` the background jobs. Every role by default (one process does it all).
   */
  NODE_ROLES: z
    .string()
    .default(NODE_ROLE_NAMES.join(','))
    .transform((v) =>
      v
        .split(',')
        .map((r) => r.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.enum(NODE_ROLE_NAMES, { message: `each role must be one of ${NODE_ROLE_NAMES.join(', ')}` }))
        .min(1, `name at least one of ${NODE_ROLE_NAMES.join(', ')}`),
    )
    .transform((roles) => new Set<NodeRole>(roles)),
});

export type Config = z.infer<typeof configSchema> & { dataDir: string; uploadDir: string };

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.S3_BUCKET && !(c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  const dataDir = resolve(c.DATA_DIR);
  return { ...c, dataDir, uploadDir: c.UPLOAD_DIR ? resolve(c.UPLOAD_DIR) : resolve(dataDir, 'uploads') };
}
