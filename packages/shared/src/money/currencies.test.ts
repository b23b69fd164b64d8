import { describe, expect, it } from 'vitest';
import { convertQuery, currencyCreate, zDecimalValue, zRate } from './currencies';

const issues = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

describe('currencies: decimal values', () => {
  it('keeps a decimal string, with a comma accepted', () => {
    expect(zDecimalValue().parse('12,5')).toBe('12.5');
    expect(zDecimalValue().parse(' 0.00000001 ')).toBe('0.00000001');
    expect(zDecimalValue().parse(3)).toBe('3');
  });

  it('answers one error per value: floatLimit for too many decimals, floatNumber otherwise', () => {
    expect(issues(zDecimalValue().safeParse('1.123456789'))).toEqual(['floatLimit']);
    expect(issues(zDecimalValue(2).safeParse('1.234'))).toEqual(['floatLimit']);
    for (const bad of ['abc', '', '1e5', '1.2.3', 'NaN', '.5']) expect(issues(zDecimalValue().safeParse(bad))).toEqual(['floatNumber']);
    expect(issues(zDecimalValue().safeParse(null))).toEqual(['floatNumber']);
  });

  it('a rate is greater than 0', () => {
    expect(issues(zRate().safeParse('0'))).toEqual(['more']);
    expect(issues(zRate().safeParse('-1'))).toEqual(['more']);
    expect(issues(zRate().safeParse('abc'))).toEqual(['floatNumber']);
    expect(zRate().parse('0.00000001')).toBe('0.00000001');
  });

  it('a code is three latin letters, upper-cased', () => {
    expect(currencyCreate.shape.code.parse(' eur ')).toBe('EUR');
    for (const bad of ['EU', 'EURO', 'E1R', 'ЕВР']) expect(issues(currencyCreate.shape.code.safeParse(bad))).toEqual(['pattern']);
  });

  it('a conversion query takes seconds for `at`', () => {
    expect(convertQuery.parse({ amount: '1', from: 'usd', to: 'eur', at: '1700000000' })).toEqual({
      amount: '1',
      from: 'USD',
      to: 'EUR',
      at: 1700000000,
    });
  });
});
