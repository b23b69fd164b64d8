import { describe, expect, it } from 'vitest';
import { addMoney, compareMoney, convert, formatMoney, normalizeDecimal, rebaseRate, roundMoney, toDecimal } from './decimal';

describe('money: decimals without float errors', () => {
  it('adds 0.1 and 0.2 exactly', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(addMoney('0.1', '0.2')).toBe('0.3');
    expect(addMoney(0.1, 0.2)).toBe('0.3');
  });

  it('keeps the smallest unit 1e-8', () => {
    expect(roundMoney('0.00000001')).toBe('0.00000001');
    expect(roundMoney(1e-8)).toBe('0.00000001');
    expect(addMoney('0.00000001', '0.00000002')).toBe('0.00000003');
    expect(roundMoney('0.000000005')).toBe('0.00000001');
    expect(roundMoney('0.000000004')).toBe('0');
  });

  it('keeps every digit of large amounts', () => {
    expect(addMoney('999999999999.99999999', '0.00000001')).toBe('1000000000000');
    expect(convert('123456789012.12345678', '1', '1')).toBe('123456789012.12345678');
    expect(roundMoney('9007199254740993.5')).toBe('9007199254740993.5');
  });

  it('normalizes stored numerics and accepts a decimal comma', () => {
    expect(normalizeDecimal('0.92000000')).toBe('0.92');
    expect(normalizeDecimal('1.00000000')).toBe('1');
    expect(toDecimal('12,5').toFixed()).toBe('12.5');
    expect(() => toDecimal('abc')).toThrow(RangeError);
    expect(() => toDecimal(Number.NaN)).toThrow(RangeError);
  });

  it('compares', () => {
    expect(compareMoney('0.3', addMoney('0.1', '0.2'))).toBe(0);
    expect(compareMoney('1', '0.99999999')).toBe(1);
    expect(compareMoney('-1', '0')).toBe(-1);
  });
});

describe('money: convert', () => {
  it('converts through the base currency: amount / fromRate * toRate', () => {
    // base USD; EUR 0.92 per USD; GBP 0.79 per USD
    expect(convert('100', '1', '0.92')).toBe('92');
    expect(convert('92', '0.92', '1')).toBe('100');
    expect(convert('100', '0.92', '0.79')).toBe('85.86956522');
  });

  it('rounds to 8 decimals half-up', () => {
    expect(convert('1', '3', '1')).toBe('0.33333333');
    expect(convert('2', '3', '1')).toBe('0.66666667');
  });

  it('handles float-hostile values', () => {
    expect(convert('0.3', '0.1', '0.2')).toBe('0.6');
    expect(convert('0.00000001', '1', '100')).toBe('0.000001');
    expect(convert('1000000000000', '0.00000001', '0.00000001')).toBe('1000000000000');
  });

  it('refuses a zero or negative rate', () => {
    expect(() => convert('1', '0', '1')).toThrow(RangeError);
    expect(() => convert('1', '1', '-2')).toThrow(RangeError);
  });

  it('re-bases a rate on a new base currency', () => {
    // USD base, EUR 0.8: with EUR as the new base, USD becomes 1.25 and EUR 1
    expect(rebaseRate('1', '0.8')).toBe('1.25');
    expect(rebaseRate('0.8', '0.8')).toBe('1');
    expect(rebaseRate('0.64', '0.8')).toBe('0.8');
  });
});

describe('money: formatMoney', () => {
  it('shows two decimals by default with grouping and a symbol', () => {
    expect(formatMoney('1234.5', { symbol: '$' })).toBe('$1,234.50');
    expect(formatMoney(addMoney('0.1', '0.2'), { symbol: '€' })).toBe('€0.30');
  });

  it('shows the code after the amount when there is no symbol', () => {
    expect(formatMoney('1000000', { code: 'EUR' })).toBe('1,000,000.00 EUR');
  });

  it('rounds half-up and keeps the sign', () => {
    expect(formatMoney('2.345')).toBe('2.35');
    expect(formatMoney('-2.345', { symbol: '$' })).toBe('-$2.35');
    expect(formatMoney('-0.001')).toBe('0.00');
  });

  it('formats large amounts and more decimals exactly', () => {
    expect(formatMoney('123456789012345.678', { decimals: 3 })).toBe('123,456,789,012,345.678');
    expect(formatMoney('0.00000001', { decimals: 8 })).toBe('0.00000001');
  });

  it('uses the locale separators', () => {
    expect(formatMoney('1234.5', { locale: 'de' })).toBe('1.234,50');
  });
});
