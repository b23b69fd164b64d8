/**
 * What buildApp (app.ts) hands to routes and job handlers: one type in its own file, so the job modules that take it
 * import no app.ts (which imports them through jobs/index.ts).
 */
import type { Config } from './config';
import type { Database } from './db/client';
import type { JobQueue } from './jobs/queue';
import type { Mailer } from './lib/mailer';
import type { Storage } from './lib/storage';
import type { TestLinks } from './lib/test-link';
import type { TokenSigner } from './lib/tokens';
import type { Tracking } from './modules/engine/tracking';

export interface Services {
  config: Config;
  database: Database;
  signer: TokenSigner;
  mailer: Mailer;
  storage: Storage;
  queue: JobQueue;
  now: () => Date;
  /** signs and checks the tokens of staff test links (lib/test-link.ts) */
  testLinks: TestLinks;
  /** the tracker's in-memory state (routing cache, click writer, change feed) */
  tracking: Tracking;
}
