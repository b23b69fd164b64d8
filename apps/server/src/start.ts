/**
 * Start, after main.ts read the configuration: the database (the embedded one main.ts began opening, or PostgreSQL) ->
 * migrate -> seed, the app built meanwhile -> job workers + http. Graceful shutdown on SIGTERM / SIGINT.
 */
import pino from 'pino';
import { buildApp } from './app';
import type { Config } from './config';
import { embeddedDatabase, migrateDatabase, openDatabase, type Database } from './db/client';
import type { OpenedEmbedded } from './db/embedded';
import { seedData, seedSettings } from './db/seed';
import { seedDemo } from './db/seed/demo';
import { createJobQueue } from './jobs/queue';
import { createMailer } from './lib/mailer';
import { createStorage } from './lib/storage';

export async function start(config: Config, embedded: Promise<OpenedEmbedded> | undefined): Promise<void> {
  const log = pino({ level: config.LOG_LEVEL });
  const database: Database = embedded ? embeddedDatabase(await embedded) : await openDatabase({ url: config.DATABASE_URL });
  log.info(
    `database: ${database.kind === 'postgres' ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}/pglite${config.EMBEDDED_DB_THREAD ? ' (own thread)' : ''}`}`,
  );
  await migrateDatabase(database);
  const settings = await seedSettings(database.db, config);
  // the rest of the first-start data and pg-boss's own start are the database's work while this thread builds the app
  // (docs/decisions/platform.md, "A restart under 3 s on the embedded database")
  const queue = createJobQueue(database, log.child({ module: 'jobs' }));
  const [seeded, app] = await Promise.all([
    seedData(database.db, config, settings).then(async (result) => {
      if (config.DEMO) await seedDemo(database.db, { log });
      return result;
    }),
    buildApp({
      config,
      database,
      jwtSecret: settings.jwtSecret,
      mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.SMTP_FROM, log }),
      storage: createStorage(config),
      queue,
      logger: { level: config.LOG_LEVEL },
    }),
    queue.boot(),
  ]);
  await queue.start({ workers: false });

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
  // a node without the worker role only enqueues (NODE_ROLES); the workers' first polls come after the server listens
  if (config.NODE_ROLES.has('worker')) await queue.startWorkers();
  const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  if (seeded.createdAdmin) {
    console.log(
      `\n  Leadgrid is ready at ${url}\n  Admin e-mail:    ${seeded.createdAdmin.email}\n  Admin password:  ${seeded.createdAdmin.password}\n  (shown once; change it in Profile > Security)\n`,
    );
  } else {
    console.log(`\n  Leadgrid is ready at ${url}\n`);
  }
}
