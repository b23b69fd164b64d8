/** Runs an export the way the browser does (POST /exports, the job, GET /exports/:id/file) and collects its events. */
import { expect } from 'vitest';
import { UserEventHub, type UserEvent } from '../src/modules/settings/events/events.hub';
import { EXPORT_JOB } from '../src/modules/insights/exports/exports.service';
import type { TestApp, TestUser } from './helper';

export async function runExport(t: TestApp, as: TestUser, type: string, query: Record<string, unknown>) {
  const hub = new UserEventHub(t.database);
  const events: UserEvent[] = [];
  const off = await hub.subscribe(as.id, (e) => events.push(e));
  try {
    const res = await t.request({ method: 'POST', url: '/api/v1/exports', as, payload: { type, query } });
    expect(res.statusCode, res.body).toBe(200);
    const id: number = res.json().data.items[0].id;
    await t.queue.runDue(EXPORT_JOB);
    for (
      let i = 0;
      i < 100 &&
      !events.some((e) => (e.data as { id: number; status: string }).id === id && (e.data as { status: string }).status === 'done');
      i++
    )
      await new Promise((r) => setTimeout(r, 20));
    const file = await t.request({ method: 'GET', url: `/api/v1/exports/${id}/file`, as });
    expect(file.statusCode).toBe(200);
    const lines = file.body.split('\r\n').slice(0, -1);
    return {
      id,
      events: events.filter((e) => (e.data as { id: number }).id === id),
      lines,
      header: lines[0].split(','),
      rows: lines.slice(1),
    };
  } finally {
    off();
    await hub.close();
  }
}
