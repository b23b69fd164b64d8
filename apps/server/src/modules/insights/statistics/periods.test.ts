import { describe, expect, it } from 'vitest';
import { decompose, groupEdges, tile, timeValuePeriod } from './periods';
import { GRAIN_MS } from './statistics.tables';

const ms = (iso: string) => Date.parse(iso);
const H = 3_600_000;

describe('statistics periods', () => {
  it('decomposes a period into the coarsest aligned pieces', () => {
    expect(decompose(ms('2026-11-19T18:15:00Z'), ms('2026-11-21T18:15:00Z'))).toEqual([
      { grain: 0, from: ms('2026-11-19T18:15:00Z'), to: ms('2026-11-19T19:00:00Z') },
      { grain: 1, from: ms('2026-11-19T19:00:00Z'), to: ms('2026-11-20T00:00:00Z') },
      { grain: 2, from: ms('2026-11-20T00:00:00Z'), to: ms('2026-11-21T00:00:00Z') },
      { grain: 1, from: ms('2026-11-21T00:00:00Z'), to: ms('2026-11-21T18:00:00Z') },
      { grain: 0, from: ms('2026-11-21T18:00:00Z'), to: ms('2026-11-21T18:15:00Z') },
    ]);
  });

  it('keeps every piece inside one local day of Kathmandu (+05:45) and St Johns (-03:30)', () => {
    for (const zone of ['Asia/Kathmandu', 'America/St_Johns', 'UTC']) {
      const from = ms('2026-11-01T00:00:00Z');
      const to = from + 30 * 24 * H;
      const edges = groupEdges('day', zone, from, to);
      const pieces = tile(from, to, zone, 'day');
      expect(pieces.reduce((a, p) => a + p.to - p.from, 0)).toBe(to - from);
      // a piece may run over several groups (adjacent pieces merged) but none of its buckets straddles a group edge
      for (const p of pieces) for (const e of edges) if (e > p.from && e < p.to) expect(e % GRAIN_MS[p.grain]).toBe(0);
      expect(pieces.some((p) => p.grain > 0)).toBe(true);
    }
    // a whole-day offset reads days only
    expect(tile(ms('2026-11-01T00:00:00Z'), ms('2026-12-01T00:00:00Z'), 'UTC', 'day')).toEqual([
      { grain: 2, from: ms('2026-11-01T00:00:00Z'), to: ms('2026-12-01T00:00:00Z') },
    ]);
  });

  it('reads the drill-down values of each time dimension in the zone', () => {
    expect(timeValuePeriod('day', '2026-11-26', 'Asia/Kathmandu')).toEqual({
      from: ms('2026-11-25T18:15:00Z'),
      to: ms('2026-11-26T18:15:00Z'),
    });
    expect(timeValuePeriod('hour', '2026-11-26T14', 'UTC')).toEqual({ from: ms('2026-11-26T14:00:00Z'), to: ms('2026-11-26T15:00:00Z') });
    expect(timeValuePeriod('week', '2026-W48', 'UTC')).toEqual({ from: ms('2026-11-23T00:00:00Z'), to: ms('2026-11-30T00:00:00Z') });
    expect(timeValuePeriod('month', '2026-11', 'UTC')).toEqual({ from: ms('2026-11-01T00:00:00Z'), to: ms('2026-12-01T00:00:00Z') });
    expect(timeValuePeriod('day', 'yesterday', 'UTC')).toBeNull();
  });
});
