import { closeSync, copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useApp } from '../../../../test/helper';
import { campaigns } from '../../../db/schema';
import { clickRowsOf } from './click-copy';
import { ClickJournal, ClickJournalLockedError, journalDir, readSegment } from './click-journal';
import { ClickWriter, type ClickRow } from './click-writer';
import { CHROME, clickRow } from './click-row.fixture';

const t = await useApp();
const root = mkdtempSync(join(tmpdir(), 'leadgrid-journal-'));
let n = 0;
afterAll(() => rmSync(root, { recursive: true, force: true }));

const silent = { error: () => undefined };
const newDir = () => journalDir(root, 4000 + ++n);
const segments = (dir: string) => readdirSync(dir).filter((f) => f.startsWith('seg-'));

async function campaign() {
  const affiliate = await t.make.user({ type: 'affiliate', signIn: false });
  const offer = await t.make.offer({});
  const [row] = await t.database.db
    .insert(campaigns)
    .values({
      key: `jr${++n}${Math.random().toString(36).slice(2, 12)}`.padEnd(12, 'x'),
      title: `J${n}`,
      affiliateId: affiliate.id,
      offerId: offer.id,
    })
    .returning();
  return row;
}

const clickOf = (c: { id: number; offerId: number; affiliateId: number }, ip: string, isUnique = false): ClickRow =>
  clickRow({
    isUnique,
    campaignId: c.id,
    offerId: c.offerId,
    affiliateId: c.affiliateId,
    country: 'US',
    language: 'en',
    ip,
    userAgent: CHROME,
    referrer: 'https://ref.example/?q=a\tb\\c\n',
    targetUrl: 'https://lander.example/',
    subs: ['s1', null, 'ш3', null, null, null, null, null, null],
    params: { x: 'y' },
  });

const stored = async (campaignId: number) =>
  (
    await t.database.query<{ id: string; is_unique: boolean; sub3: string | null; referrer: string | null }>(
      'select id, is_unique, sub3, referrer from clicks where campaign_id = $1 order by id',
      [campaignId],
    )
  ).rows;

describe('click journal', () => {
  it('takes each queued click before its write and is cut once its batch is committed; a graceful stop leaves it empty', async () => {
    const c = await campaign();
    const dir = newDir();
    const writer = new ClickWriter(t.database, 60_000, silent, ClickJournal.open(dir, silent));
    const first = [clickOf(c, '10.1.0.1'), clickOf(c, '10.1.0.2'), clickOf(c, '10.1.0.3')];
    for (const r of first) expect(writer.push(r)).toBeUndefined();
    // the clicks of a turn of the event loop are written together, before their answers (click-handler.ts)
    expect(segments(dir)).toEqual([]);
    writer.syncJournal();
    expect(segments(dir)).toEqual(['seg-0.pgcopy']);
    // the batch's own binary rows (click-copy.ts)
    expect(readFileSync(join(dir, 'seg-0.pgcopy'))).toEqual(clickRowsOf(first));
    expect(readSegment(join(dir, 'seg-0.pgcopy')).map((r) => r.id)).toEqual(first.map((r) => r.id));

    await writer.flush();
    expect(segments(dir)).toEqual([]);
    expect(await stored(c.id)).toHaveLength(3);

    writer.push(clickOf(c, '10.1.0.4'));
    writer.syncJournal();
    expect(segments(dir)).toEqual(['seg-1.pgcopy']);
    await writer.close();
    expect(readdirSync(dir)).toEqual([]);
    expect(await stored(c.id)).toHaveLength(4);
  });

  it('replays what a killed process left, each click stored once, a batch already committed included', async () => {
    const c = await campaign();
    const dir = newDir();
    const killed = new ClickWriter(t.database, 60_000, silent, ClickJournal.open(dir, silent));
    const committed = [clickOf(c, '10.2.0.1', true), clickOf(c, '10.2.0.2')];
    for (const r of committed) killed.push(r);
    killed.syncJournal();
    const copy = join(root, `committed-${n}.pgcopy`);
    copyFileSync(join(dir, 'seg-0.pgcopy'), copy);
    await killed.flush();
    const unwritten = [clickOf(c, '10.2.0.3', true), clickOf(c, '10.2.0.4'), clickOf(c, '10.2.0.5')];
    for (const r of unwritten) killed.push(r);
    killed.syncJournal();
    // the process dies here: its open batch unwritten, and the first batch's segment as if the kill came between its
    // commit and its removal
    copyFileSync(copy, join(dir, 'seg-0.pgcopy'));
    expect(await stored(c.id)).toHaveLength(2);

    const journal = ClickJournal.open(dir, silent);
    expect(journal.leftovers.map((l) => l.rows.length)).toEqual([2, 3]);
    expect(journal.leftovers[1].rows[0].createdAt).toEqual(unwritten[0].createdAt);
    const restarted = new ClickWriter(t.database, 60_000, silent, journal);
    await restarted.flush();
    await restarted.flush();
    const rows = await stored(c.id);
    expect(rows.map((r) => r.id)).toEqual([...committed, ...unwritten].map((r) => r.id).sort());
    // the candidates keep their unique mark: the replayed committed one holds its own visitor row
    expect(rows.filter((r) => r.is_unique).map((r) => r.id)).toEqual([committed[0].id, unwritten[0].id].sort());
    expect(rows.every((r) => r.sub3 === 'ш3' && r.referrer === 'https://ref.example/?q=a\tb\\c\n')).toBe(true);
    expect(segments(dir)).toEqual([]);

    // the same segments replayed once more (a second kill before their removal): nothing changes
    copyFileSync(copy, join(dir, 'seg-0.pgcopy'));
    const again = new ClickWriter(t.database, 60_000, silent, ClickJournal.open(dir, silent));
    await again.close();
    expect(await stored(c.id)).toEqual(rows);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('reads a segment up to a row cut short, and the whole lines of a segment written before the binary rows', async () => {
    const c = await campaign();
    const dir = newDir();
    ClickJournal.open(dir, silent).close();
    const [a, b, d, e] = [clickOf(c, '10.3.0.1'), clickOf(c, '10.3.0.2'), clickOf(c, '10.3.0.5'), clickOf(c, '10.3.0.6')];
    // a process killed in the middle of its write: two whole rows, then part of a third
    const whole = clickRowsOf([a, b]);
    writeFileSync(join(dir, 'seg-7.pgcopy'), Buffer.concat([whole, clickRowsOf([d]).subarray(0, 60)]));
    // an older segment: a JSON array a line, one line cut short, an empty line
    const line = (r: ClickRow) =>
      JSON.stringify([
        r.id,
        r.createdAt.getTime(),
        r.status,
        r.invalidReason,
        r.isUnique,
        r.isBot,
        r.isTest,
        r.campaignId,
        r.offerId,
        r.affiliateId,
        r.teamId,
        r.landerId,
        r.trafficSourceId,
        r.country,
        r.language,
        r.ip,
        r.userAgent,
        r.referrer,
        r.targetUrl,
        r.subs,
        r.params,
      ]);
    writeFileSync(join(dir, 'seg-5.jsonl'), `${line(e)}\n${line(d).slice(0, 40)}\n\n["${d.id}",`);
    const journal = ClickJournal.open(dir, silent);
    expect(journal.leftovers.map((l) => l.rows.map((r) => r.id))).toEqual([[e.id], [a.id, b.id]]);
    expect(journal.leftovers[1].rows[1]).toEqual(b);
    expect(journal.leftovers[0].rows[0]).toEqual(e);
    const writer = new ClickWriter(t.database, 60_000, silent, journal);
    // a new segment after the leftovers, never one of their names
    writer.push(clickOf(c, '10.3.0.3'));
    writer.syncJournal();
    expect(segments(dir).sort()).toEqual(['seg-5.jsonl', 'seg-7.pgcopy', 'seg-8.pgcopy']);
    await writer.close();
    expect(await stored(c.id)).toHaveLength(4);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('cuts a failed write back to the whole rows; a segment that cannot be cut takes no more rows until the next', async () => {
    const c = await campaign();
    const dir = newDir();
    const errors: string[] = [];
    const journal = ClickJournal.open(dir, { error: (_o: object, msg: string) => errors.push(msg) });
    const [a, b, d] = [clickOf(c, '10.8.0.1'), clickOf(c, '10.8.0.2'), clickOf(c, '10.8.0.3')];
    journal.write(clickRowsOf([a]), 1);
    // the file taken from under the journal (as an I/O error): the write and the cut back both fail
    closeSync((journal as unknown as { fd: number }).fd);
    journal.write(clickRowsOf([b]), 1);
    journal.write(clickRowsOf([d]), 1);
    expect(journal.failures).toBe(2);
    expect(errors).toHaveLength(1);
    const first = journal.seal()!;
    expect(readSegment(first).map((r) => r.id)).toEqual([a.id]);
    // the next segment takes rows again
    journal.write(clickRowsOf([d]), 1);
    const second = journal.seal()!;
    expect(readSegment(second).map((r) => r.id)).toEqual([d.id]);
    expect(journal.failures).toBe(2);
    journal.close();
  });

  it('answers and writes a click the journal cannot take, and says so in the log', async () => {
    const c = await campaign();
    const dir = newDir();
    const errors: string[] = [];
    const log = { error: (_o: object, msg: string) => errors.push(msg) };
    const journal = ClickJournal.open(dir, log);
    const writer = new ClickWriter(t.database, 60_000, log, journal);
    // the journal's directory gone (as a disk that refuses writes): the next segment cannot be opened
    rmSync(dir, { recursive: true });
    for (const ip of ['10.4.0.1', '10.4.0.2']) expect(writer.push(clickOf(c, ip))).toBeUndefined();
    writer.syncJournal();
    expect(journal.failures).toBe(2);
    expect(errors).toEqual(['click journal write failed: the click is answered and held in memory only']);
    await writer.close();
    expect(await stored(c.id)).toHaveLength(2);
    expect(existsSync(dir)).toBe(false);
  });

  it('stores what a node killed on another port left, and removes its directory', async () => {
    const c = await campaign();
    const machine = mkdtempSync(join(root, 'machine-'));
    // port 5001: killed with an unwritten batch (its lock names a dead process); port 5002: stopped with a batch the
    // database refused (no lock left)
    const killed = new ClickWriter(t.database, 60_000, silent, ClickJournal.open(journalDir(machine, 5001), silent));
    const stopped = ClickJournal.open(journalDir(machine, 5002), silent);
    const a = [clickOf(c, '10.6.0.1', true), clickOf(c, '10.6.0.2')];
    for (const r of a) killed.push(r);
    killed.syncJournal();
    writeFileSync(join(journalDir(machine, 5001), 'lock'), '999999999');
    const b = clickOf(c, '10.6.0.3');
    stopped.write(clickRowsOf([b]), 1);
    stopped.close();
    expect(segments(journalDir(machine, 5002))).toEqual(['seg-0.pgcopy']);

    const dir = journalDir(machine, 5003);
    const journal = ClickJournal.open(dir, silent);
    expect(journal.leftovers.flatMap((l) => l.rows.map((r) => r.id)).sort()).toEqual([...a, b].map((r) => r.id).sort());
    expect(readdirSync(join(machine, 'click-journal'))).toEqual(['port-5003']);
    const writer = new ClickWriter(t.database, 60_000, silent, journal);
    writer.push(clickOf(c, '10.6.0.4'));
    writer.syncJournal();
    await writer.close();
    const rows = await stored(c.id);
    expect(rows).toHaveLength(4);
    expect(rows.filter((r) => r.is_unique).map((r) => r.id)).toEqual([a[0].id]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("leaves alone the directory of a live node: another process's, or one this process holds", async () => {
    const c = await campaign();
    const machine = mkdtempSync(join(root, 'machine-'));
    const other = journalDir(machine, 5011);
    const stopped = ClickJournal.open(other, silent);
    stopped.write(clickRowsOf([clickOf(c, '10.7.0.1')]), 1);
    stopped.close();
    writeFileSync(join(other, 'lock'), String(process.ppid));
    const running = ClickJournal.open(journalDir(machine, 5012), silent);
    running.write(clickRowsOf([clickOf(c, '10.7.0.2')]), 1);

    const journal = ClickJournal.open(journalDir(machine, 5013), silent);
    expect(journal.leftovers).toEqual([]);
    expect(segments(other)).toEqual(['seg-0.pgcopy']);
    expect(readFileSync(join(other, 'lock'), 'utf8')).toBe(String(process.ppid));
    expect(segments(journalDir(machine, 5012))).toEqual(['seg-0.pgcopy']);
    expect(readFileSync(join(journalDir(machine, 5012), 'lock'), 'utf8')).toBe(String(process.pid));
    journal.close();
    running.close();
  });

  it("is one node's: a second live process on the same directory is refused", () => {
    const dir = newDir();
    ClickJournal.open(dir, silent).close();
    writeFileSync(join(dir, 'lock'), String(process.ppid));
    expect(() => ClickJournal.open(dir, silent)).toThrow(ClickJournalLockedError);
    // a lock left by a dead process is taken over
    writeFileSync(join(dir, 'lock'), '999999999');
    expect(() => ClickJournal.open(dir, silent).close()).not.toThrow();
  });
});
