/**
 * `npm run stats:verify [-- --days N | --from YYYY-MM-DD --to YYYY-MM-DD] [--repair] [--backfill]`: recomputes the
 * statistics roll-ups of a period (UTC days; default the last 2) from the raw rows and reports the drift per cube;
 * `--repair` replaces what drifted, `--backfill` builds the roll-ups of every day holding raw rows (an install that
 * had traffic before them). Exit code 1 when drift was found and left. Days whose raw clicks the retention dropped are
 * reported as not recomputable and left as they are (not a failure). The same code as the `stats-verify` job.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../../config';
import { migrateDatabase, openDatabase } from '../../../db/client';
import { backfill, verify } from './rollups';

const DAY_MS = 86_400_000;

async function main() {
  const { values } = parseArgs({
    options: {
      days: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      repair: { type: 'boolean' },
      backfill: { type: 'boolean' },
    },
  });
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATABASE_URL ? undefined : `${config.dataDir}/pglite` });
  try {
    await migrateDatabase(database);
    if (values.backfill) {
      const n = await backfill(database, (r) =>
        console.log(`${r.from.toISOString().slice(0, 10)} .. ${r.to.toISOString().slice(0, 10)}: ${r.totalDrift} rows built or repaired`),
      );
      console.log(`backfill done: ${n} roll-up rows written`);
      return;
    }
    const to = values.to ? new Date(`${values.to}T00:00:00Z`).getTime() + DAY_MS : Date.now();
    const from = values.from ? new Date(`${values.from}T00:00:00Z`).getTime() : to - Number(values.days ?? 2) * DAY_MS;
    if (Number.isNaN(from) || Number.isNaN(to) || from >= to) throw new Error('--from / --to must be YYYY-MM-DD, --from before --to');
    const report = await verify(database, { from: new Date(from), to: new Date(to) }, { repair: !!values.repair });
    const gone = report.notRecomputable;
    if (gone)
      console.log(
        `${gone.from.toISOString()} .. ${gone.to.toISOString()}: not recomputable (its raw clicks were dropped by the retention); left as it is`,
      );
    console.log(`period ${report.from.toISOString()} .. ${report.to.toISOString()}`);
    for (const [cube, n] of Object.entries(report.drift))
      console.log(`  ${cube}: ${n} drifted row${n === 1 ? '' : 's'}${report.repaired && n ? ' (repaired)' : ''}`);
    if (report.totalDrift && !report.repaired) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
