/**
 * The server's entry: the configuration, then the embedded database starts opening on its own thread while the rest
 * of the server loads (start.ts, imported here: its modules take about a second), so the two go on at once
 * (docs/decisions/platform.md, "A restart under 3 s on the embedded database"). Graceful shutdown on SIGTERM / SIGINT
 * is start.ts's.
 */
import { ConfigError, loadConfig, type Config } from './config';
import { DataDirLockedError, openEmbedded } from './db/embedded';
import { ClickJournalLockedError } from './modules/engine/tracking/click-journal';

/** a start refused for a reason the operator can fix (bad configuration, a data directory or journal in use): its message alone */
const known = (err: unknown) => err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof ClickJournalLockedError;

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (known(err)) return fail(err);
    throw err;
  }
  const embedded = config.DATABASE_URL
    ? undefined
    : openEmbedded({
        dataDir: `${config.dataDir}/pglite`,
        sharedBuffers: config.PGLITE_SHARED_BUFFERS,
        thread: config.EMBEDDED_DB_THREAD,
        socketPath: config.EMBEDDED_DB_SOCKET,
      });
  // its failure is taken by start() once the server is loaded, not reported meanwhile as unhandled
  embedded?.catch(() => undefined);
  const { start } = await import('./start');
  await start(config, embedded);
}

function fail(err: unknown): never {
  console.error(known(err) ? (err as Error).message : err);
  process.exit(1);
}

main().catch(fail);
