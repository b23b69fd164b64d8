/** The campaign screens' rules without React: actions per status, the test link, form values <-> items, field checks. */
import type { Campaign } from '@leadgrid/shared/inventory/campaigns';
import { describe, expect, it } from 'vitest';
import { fieldOf } from './formErrors';
import {
  actionsFor,
  bulkActionsFor,
  paramNameProblem,
  targetUrlPayload,
  testLinkOf,
  toCreate,
  toUpdate,
  urlProblem,
  valuesOf,
} from './model';

const CAMPAIGN: Campaign = {
  id: 7,
  key: 'AbCdEfGhIjKl',
  title: 'FB DE',
  status: 'active',
  statusChangedAt: null,
  statusChangedBy: null,
  blockReason: null,
  affiliate: { id: 3, firstName: 'Alice', lastName: 'P', email: 'a@x.io' },
  team: null,
  offer: { id: 11, title: 'Loans DE', status: 'active' },
  integrationMethod: 'api',
  countries: ['DE', 'AT'],
  domain: { id: 2, host: 'go.example.com', status: 'active' },
  landers: [
    { id: 5, title: 'L5', status: 'active' },
    { id: 6, title: 'L6', status: 'active' },
  ],
  trafficSource: { id: 4, title: 'Facebook', status: 'active' },
  postbacks: [],
  targetUrlSettings: { mode: 'landers', url: null, passSubs: true, passQuery: false, params: [{ name: 'src', value: '{sub1}' }] },
  trackingUrl: 'https://go.example.com/c/AbCdEfGhIjKl?sub1={sub1}&sub2={sub2}&sub3={sub3}',
  autocreated: false,
  leadCount: 0,
  conversionCounts: { day: 0, week: 0, month: 0 },
  createdAt: 1_790_000_000,
  createdBy: null,
  updatedAt: 1_790_000_000,
};

describe('actions per status', () => {
  const all = { write: true, block: true };
  const affiliate = { write: true, block: false };
  it('offers what the server allows', () => {
    expect(actionsFor('active', all)).toEqual(['edit', 'deactivate', 'clone', 'block', 'delete']);
    expect(actionsFor('inactive', affiliate)).toEqual(['edit', 'activate', 'clone', 'delete']);
    expect(actionsFor('offer_revoked', affiliate)).toEqual(['edit', 'deactivate', 'delete']);
    expect(actionsFor('blocked', affiliate)).toEqual(['edit']);
    expect(actionsFor('blocked', all)).toEqual(['edit', 'unblock', 'clone', 'delete']);
    expect(actionsFor('deleted', all)).toEqual([]);
    expect(actionsFor('active', { write: false, block: true })).toEqual([]);
  });
  it('mass actions: block and unblock only with campaign.block', () => {
    expect(bulkActionsFor(all)).toEqual(['activate', 'deactivate', 'block', 'unblock', 'delete']);
    expect(bulkActionsFor(affiliate)).toEqual(['activate', 'deactivate', 'delete']);
  });
});

it('the test link drops the sub placeholders and keeps real values', () => {
  expect(testLinkOf(CAMPAIGN.trackingUrl)).toBe('https://go.example.com/c/AbCdEfGhIjKl');
  expect(testLinkOf('http://127.0.0.1:3000/c/key123456789?sub1={sub1}&sub2=fb')).toBe('http://127.0.0.1:3000/c/key123456789?sub2=fb');
});

describe('form values and items', () => {
  it('a new campaign takes the preset offer and the default target settings', () => {
    const v = valuesOf(null, { offerId: 11 });
    expect(v).toMatchObject({ offerId: 11, countries: [], landerIds: [], targetUrlSettings: { mode: 'landers', url: '', passSubs: true } });
    expect(toCreate({ ...v, title: '  Spring  ', affiliateId: 3 }, false)).toEqual({
      title: 'Spring',
      offerId: 11,
      countries: [],
      domainId: null,
      landerIds: [],
      trafficSourceId: null,
      targetUrlSettings: { mode: 'landers', url: null, passSubs: true, passQuery: false, params: [] },
    });
    expect(toCreate({ ...v, title: 'x', affiliateId: 3 }, true)).toMatchObject({ affiliateId: 3 });
  });

  it('an edit sends only what changed (the order of lists does not count)', () => {
    const v = valuesOf(CAMPAIGN);
    expect(toUpdate(CAMPAIGN, v)).toEqual({ id: 7 });
    expect(toUpdate(CAMPAIGN, { ...v, countries: ['AT', 'DE'], landerIds: [6, 5] })).toEqual({ id: 7 });
    expect(
      toUpdate(CAMPAIGN, {
        ...v,
        title: 'FB AT',
        domainId: null,
        targetUrlSettings: { ...v.targetUrlSettings, mode: 'url', url: ' https://brand.test/?c={click_id} ' },
      }),
    ).toEqual({
      id: 7,
      title: 'FB AT',
      domainId: null,
      targetUrlSettings: {
        mode: 'url',
        url: 'https://brand.test/?c={click_id}',
        passSubs: true,
        passQuery: false,
        params: [{ name: 'src', value: '{sub1}' }],
      },
    });
  });

  it('landers mode drops the URL; empty parameter rows are dropped, names trimmed', () => {
    expect(
      targetUrlPayload({
        mode: 'landers',
        url: 'https://kept.test',
        passSubs: false,
        passQuery: true,
        params: [
          { name: ' a ', value: '1' },
          { name: '', value: '' },
        ],
      }),
    ).toEqual({ mode: 'landers', url: null, passSubs: false, passQuery: true, params: [{ name: 'a', value: '1' }] });
  });
});

describe('target URL checks', () => {
  it('the URL: required in URL mode, http(s), click macros only', () => {
    expect(urlProblem('landers', '')).toBeNull();
    expect(urlProblem('url', ' ')).toEqual({ key: 'required' });
    expect(urlProblem('url', 'ftp://x.test')).toEqual({ key: 'url' });
    expect(urlProblem('url', 'https://x.test/?p={payout}')).toEqual({ key: 'unknownMacro', name: 'payout' });
    expect(urlProblem('url', 'https://x.test/?c={click_id}&s={sub9}&o={offer_id}')).toBeNull();
  });
  it('parameter names: required with a value, the allowed characters, unique', () => {
    const rows = [
      { name: 'src', value: '1' },
      { name: 'src', value: '2' },
      { name: 'bad name', value: '' },
      { name: '', value: 'x' },
      { name: '', value: '' },
    ];
    expect(paramNameProblem(rows, 0)).toBeNull();
    expect(paramNameProblem(rows, 1)).toBe('unique');
    expect(paramNameProblem(rows, 2)).toBe('pattern');
    expect(paramNameProblem(rows, 3)).toBe('required');
    expect(paramNameProblem(rows, 4)).toBeNull();
  });
});

it('server errors find their field', () => {
  expect(fieldOf(['body', 'items', 0, 'countries', 2])).toEqual(['countries']);
  expect(fieldOf(['body', 'items', 0, 'landerIds', 0])).toEqual(['landerIds']);
  expect(fieldOf(['body', 'items', 0, 'offerId'])).toEqual(['offerId']);
  expect(fieldOf(['body', 'items', 0, 'targetUrlSettings', 'url'])).toEqual(['targetUrlSettings', 'url']);
  expect(fieldOf(['body', 'items', 0, 'targetUrlSettings', 'params', 1, 'name'])).toEqual(['targetUrlSettings', 'params', 1, 'name']);
  expect(fieldOf(['body', 'items', 0, 'status'])).toBeNull();
  expect(fieldOf(['body', 'items', 0])).toBeNull();
});
