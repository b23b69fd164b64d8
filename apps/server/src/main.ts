/** Start: config -> db -> migrate -> seed admin -> http + job workers. Graceful shutdown on SIGTERM / SIGINT. */
import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError, migrateDatabase, openDatabase } from './db/client';
import { seed } from './db/seed';
import { seedDemo } from './db/seed/demo';
import { createJobQueue } from './jobs/queue';
import { createMailer } from './lib/mailer';
import { createStorage } from './lib/storage';
import { ClickJournalLockedError } from './modules/engine/tracking/click-journal';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = pino({ level: config.LOG_LEVEL });
  let database;
  try {
    database = await openDatabase({
      url: config.DATABASE_URL,
      dataDir: config.DATABASE_URL ? undefined : `${config.dataDir}/pglite`,
      sharedBuffers: config.PGLITE_SHARED_BUFFERS,
      thread: config.EMBEDDED_DB_THREAD,
      socketPath: config.EMBEDDED_DB_SOCKET,
    });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  log.info(
    `database: ${database.kind === 'postgres' ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}/pglite${config.EMBEDDED_DB_THREAD ? ' (own thread)' : ''}`}`,
  );
  await migrateDatabase(database);
  const seeded = await seed(database.db, config);
  if (config.DEMO) await seedDemo(database.db, { log });

  const queue = createJobQueue(database, log.child({ module: 'jobs' }));
  const app = await buildApp({
    config,
    database,
    jwtSecret: seeded.jwtSecret,
    mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.SMTP_FROM, log }),
    storage: createStorage(config),
    queue,
    logger: { level: config.LOG_LEVEL },
  });
  // a node without the worker role only enqueues (NODE_ROLES)
  await queue.start({ workers: config.NODE_ROLES.has('worker') });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
    try {
      await app.close();
      await queue.stop();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  if (seeded.createdAdmin) {
    console.log(
      `\n  Leadgrid is ready at ${url}\n  Admin e-mail:    ${seeded.createdAdmin.email}\n  Admin password:  ${seeded.createdAdmin.password}\n  (shown once; change it in Profile > Security)\n`,
    );
  } else {
    console.log(`\n  Leadgrid is ready at ${url}\n`);
  }
}

main().catch((err) => {
  // a second process on this node's click journal (two nodes on one PORT and DATA_DIR): the message alone
  console.error(err instanceof ClickJournalLockedError ? err.message : err);
  process.exit(1);
});
