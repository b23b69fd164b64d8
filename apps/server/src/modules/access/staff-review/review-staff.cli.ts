/**
 * `npm run security:review-staff [-- --since=2026-01-01]`: prints the staff review (staff accounts created, or given
 * credentials, a role or permissions, by non-administrators) from the audit log of the configured database.
 * The same list as the administrators' page; run it where the server's configuration (DATABASE_URL, DATA_DIR) is.
 */
import { ConfigError, loadConfig } from '../../../config';
import { DataDirLockedError, migrateDatabase, openDatabase } from '../../../db/client';
import { readReview } from './staff-review.service';

async function main() {
  const sinceArg = process.argv.find((a) => a.startsWith('--since='))?.slice('--since='.length);
  const since = sinceArg ? Date.parse(sinceArg) : undefined;
  if (since !== undefined && Number.isNaN(since)) throw new ConfigError(`--since: '${sinceArg}' is no date (use 2026-01-31)`);
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATABASE_URL ? undefined : `${config.dataDir}/pglite` });
  try {
    await migrateDatabase(database);
    const items = await readReview(database.db, since === undefined ? undefined : Math.floor(since / 1000));
    if (!items.length) {
      console.log('No staff account was created or given credentials, a role or permissions by a non-administrator.');
      return;
    }
    console.log(`${items.length} change(s) of staff accounts by non-administrators, newest first:\n`);
    for (const it of items) {
      const by = it.by ? `${it.by.email} (${it.by.roleTitle})` : 'a deleted user';
      const imp = it.impersonatorId ? `, administrator #${it.impersonatorId} acting as them` : '';
      console.log(
        `${new Date(it.at * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC  #${it.account.id} ${it.account.email} ` +
          `[${it.account.roleTitle}, ${it.account.status}]  ${it.changes.join(', ')}  by ${by}${imp}`,
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError || err instanceof DataDirLockedError ? err.message : err);
  process.exit(1);
});
