/** The landing API form: an edit sends only what changed, and the language versions as a whole set only when they changed. */
import type { LanderApi } from '@leadgrid/shared/inventory/landers';
import { describe, expect, it } from 'vitest';
import { landingApiChanges, landingApiCreateItem, landingApiValuesOf } from './LandingApiDrawer';

const PAGE: LanderApi = {
  id: 1,
  title: 'Loan calculator',
  description: '',
  vertical: { id: 3, title: 'Finance' },
  pageType: 'landing',
  status: 'active',
  categories: [{ id: 2, title: 'Loans' }],
  tags: [],
  languages: [
    { id: 10, language: 'de', targetUrl: 'https://p.example/de?c={click_id}', previewUrl: null, status: 'active', landersCount: 1 },
    { id: 11, language: 'en', targetUrl: 'https://p.example/en', previewUrl: 'https://p.example/en', status: 'inactive', landersCount: 0 },
  ],
  assignedToOffers: [],
  createdAt: 1_790_000_000,
  createdBy: null,
};

describe('landing API items', () => {
  it('edits nothing when nothing changed', () => {
    expect(landingApiChanges(PAGE, landingApiValuesOf(PAGE))).toEqual({ item: null, versions: null });
  });

  it('sends changed fields in the PATCH and the whole set of versions when one changed', () => {
    const v = landingApiValuesOf(PAGE);
    const next = {
      ...v,
      title: ' Loan calculator 2 ',
      languages: [v.languages[0], { ...v.languages[1], status: 'active' as const, previewUrl: '' }],
    };
    expect(landingApiChanges(PAGE, next)).toEqual({
      item: { id: 1, title: 'Loan calculator 2' },
      versions: [
        { language: 'de', targetUrl: 'https://p.example/de?c={click_id}', previewUrl: null, status: 'active' },
        { language: 'en', targetUrl: 'https://p.example/en', previewUrl: null, status: 'active' },
      ],
    });
  });

  it('creates with its versions, an empty preview as null', () => {
    const v = {
      ...landingApiValuesOf(null),
      title: 'Quiz',
      languages: [{ language: 'de', targetUrl: ' https://q.example ', previewUrl: ' ', status: 'active' as const }],
    };
    expect(landingApiCreateItem(v)).toMatchObject({
      title: 'Quiz',
      verticalId: null,
      languages: [{ language: 'de', targetUrl: 'https://q.example', previewUrl: null, status: 'active' }],
    });
  });
});
