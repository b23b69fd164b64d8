/**
 * The generated OpenAPI document passes Redocly's recommended rules (@redocly/openapi-core, the engine of
 * @redocly/cli, run in-process: no network) with no error and no `operation-operationId` or `operation-4xx-response`
 * warning; http/openapi.ts makes it so.
 */
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/helper';
import { fixNullable, operationIdOf, summaryOf } from './openapi';

const t = await useApp();

type Op = { operationId?: string; summary?: string; responses: Record<string, { description: string }> };

describe('OpenAPI document', () => {
  it('passes Redocly recommended: no error, no operationId or 4xx warning', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: res.body, absoluteRef: 'openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
    const warned = problems.filter((p) => ['operation-operationId', 'operation-4xx-response', 'operation-summary'].includes(p.ruleId));
    expect(warned.map((p) => `${p.ruleId} ${p.location[0]?.pointer}`)).toEqual([]);
  }, 180_000);

  it('every operation has a unique operationId, a summary and error answers that follow its route options', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json() as {
      servers: unknown[];
      paths: Record<string, Record<string, Op>>;
    };
    expect(doc.servers.length).toBeGreaterThan(0);
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(ids.length).toBeGreaterThan(300);
    expect(new Set(ids).size).toBe(ids.length);
    const roles = doc.paths['/api/v1/roles'];
    expect(roles.get.operationId).toBe('getRoles');
    expect(Object.keys(roles.put.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
    expect(roles.put.responses['400'].description).toContain('errors');
    // public: no 401
    expect(Object.keys(doc.paths['/api/v1/public/api-settings'].get.responses)).not.toContain('401');
    // a row by path: 404
    expect(Object.keys(doc.paths['/api/v1/roles/{id}'].get.responses)).toContain('404');
    // rate-limited sign-in: 429
    expect(Object.keys(doc.paths['/api/v1/auth/login'].post.responses)).toContain('429');
  });

  it('derives ids and summaries from method and path; spreads nullable onto typed alternatives', () => {
    expect(operationIdOf('GET', '/api/v1/offers/{id}/advertisers')).toBe('getOffersByIdAdvertisers');
    expect(operationIdOf('POST', '/api/v1/offers/change_status')).toBe('postOffersChangeStatus');
    expect(summaryOf('PATCH', '/api/v1/offer-advertisers')).toBe('Edit offer advertisers');
    const node = { a: { nullable: true, anyOf: [{ type: 'string' }, { type: 'number' }] }, b: { nullable: true } };
    fixNullable(node);
    expect(node).toEqual({
      a: {
        anyOf: [
          { type: 'string', nullable: true },
          { type: 'number', nullable: true },
        ],
      },
      b: {},
    });
  });
});
