/** Where a section edit's server error is shown: its row and field, the list of a plain value, or above the form. */
import { describe, expect, it } from 'vitest';
import { fieldFor, sectionPath } from './sectionErrors';

describe('section errors', () => {
  it('drops the request prefix and puts a list section under its field', () => {
    expect(sectionPath(['body', 'data', 'fieldMappings', 2, 'value'])).toEqual(['fieldMappings', 2, 'value']);
    expect(sectionPath(['body', 'data', 2, 'leadStatus'], 'rows')).toEqual(['rows', 2, 'leadStatus']);
    expect(sectionPath(['body', 'data', 1], 'goals')).toEqual(['goals', 1]);
  });

  it('finds the field of a row, of a plain list item, or none', () => {
    const values = {
      fieldMappings: [{ target: 'a', source: 'lead', value: 'email' }],
      ipAllowList: ['1.2.3.4', 'nope'],
      response: { leadIdPath: 'x' },
      rows: [{ advertiserStatus: 'new' }],
    };
    expect(fieldFor(values, ['fieldMappings', 0, 'value'])).toEqual(['fieldMappings', 0, 'value']);
    // a row field never filled in is still that row's field
    expect(fieldFor(values, ['rows', 0, 'leadGrade'])).toEqual(['rows', 0, 'leadGrade']);
    expect(fieldFor(values, ['ipAllowList', 1])).toEqual(['ipAllowList']);
    expect(fieldFor(values, ['response', 'errorPath'])).toEqual(['response', 'errorPath']);
    // a list of rows has no field of its own; a row that does not exist is not a field
    expect(fieldFor(values, ['fieldMappings'])).toBeNull();
    expect(fieldFor(values, ['rows', 5, 'leadStatus'])).toBeNull();
    expect(fieldFor(values, [])).toBeNull();
  });
});
