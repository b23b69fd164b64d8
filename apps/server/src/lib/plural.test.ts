import { describe, expect, it } from 'vitest';
import { counted } from './plural';

describe('plural kit (lib/plural.ts)', () => {
  it('names one item by its own text and several by their count', () => {
    expect(counted(1, 'Tag saved', 'tags saved')).toBe('Tag saved');
    expect(counted(3, 'Tag saved', 'tags saved')).toBe('3 tags saved');
    expect(counted(0, 'Tag saved', 'tags saved')).toBe('0 tags saved');
  });
});
