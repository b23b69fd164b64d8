import { MACROS } from '@leadgrid/shared/engine/macros';
import { describe, expect, it } from 'vitest';
import { MACRO_DESCRIPTIONS_EN, MACRO_DESCRIPTIONS_RU, macroDescriptionsOf } from './macros';

describe('macro descriptions', () => {
  it('has an English and a Russian description of every macro of the catalogue, and none of another', () => {
    const names = MACROS.map((m) => m.name).sort();
    expect(Object.keys(MACRO_DESCRIPTIONS_EN).sort()).toEqual(names);
    expect(Object.keys(MACRO_DESCRIPTIONS_RU).sort()).toEqual(names);
    for (const name of names) expect(MACRO_DESCRIPTIONS_RU[name].trim(), name).not.toBe('');
  });

  it('picks the descriptions of the macros a screen offers', () => {
    expect(macroDescriptionsOf(MACRO_DESCRIPTIONS_RU, ['ip', 'sub1'])).toEqual({
      ip: 'IP-адрес посетителя',
      sub1: MACRO_DESCRIPTIONS_RU.sub1,
    });
  });
});
