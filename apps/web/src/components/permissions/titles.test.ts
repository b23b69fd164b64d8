import { PERMISSIONS } from '@leadgrid/shared/access/permissions';
import { describe, expect, it } from 'vitest';
import { PERMISSION_TITLES_RU } from './titles';

describe('the permissions in Russian', () => {
  it('name every permission of the catalogue, and only those', () => {
    expect(Object.keys(PERMISSION_TITLES_RU).sort()).toEqual(PERMISSIONS.map((p) => p.name).sort());
  });

  it('are Russian texts', () => {
    for (const [name, title] of Object.entries(PERMISSION_TITLES_RU)) expect(title, name).toMatch(/[а-яё]/i);
  });
});
