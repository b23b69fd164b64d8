import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../../../test/helper';
import { rowsOf } from '../../../db/client';
import { INSERT } from './lead-writer';

const t = await useApp();

describe('lead writer: the insert statement', () => {
  // A named prepared statement keeps the plan it made on its connection. In the bench, a plan made while the leads
  // table was small searched e-mails through the phone index (both were led by vertical_id) and read the whole vertical
  // per lead as the table grew (auto_explain, 300-500 ms a batch). Led by their keys (migration 0012), each index can
  // serve only its own search; this guards that shape.
  it('searches each duplicate key on its own index in a generic plan made on a small table', async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`prepare lead_insert_plan(json) as ${INSERT}`));
      await tx.execute(sql.raw('set local plan_cache_mode = force_generic_plan'));
      const rows = rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql.raw('explain execute lead_insert_plan(null)')));
      await tx.execute(sql.raw('deallocate lead_insert_plan'));
      return rows.map((r) => r['QUERY PLAN']);
    });
    const conditionsOn = (index: string) => plan.flatMap((line, i) => (line.includes(`using ${index} `) ? [plan[i + 1].trim()] : []));
    expect(conditionsOn('leads_dup_phone_idx')).toEqual([expect.stringMatching(/^Index Cond: .*\(phone\)::text = /)]);
    expect(conditionsOn('leads_dup_email_idx')).toEqual([expect.stringMatching(/^Index Cond: .*\(email\)::text = /)]);
  });
});
