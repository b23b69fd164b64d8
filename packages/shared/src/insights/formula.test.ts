import { describe, expect, it } from 'vitest';
import {
  evaluateFormula,
  evaluateFormulaOrNull,
  FORMULA_ERRORS,
  formulaToText,
  parseFormula,
  validateFormula,
  type FormulaElement,
} from './formula';

const parse = (text: string) => {
  const elements = parseFormula(text);
  if (!elements) throw new Error(`cannot parse ${text}`);
  return elements;
};
const check = (text: string) => validateFormula(parse(text));
const m = (value: string): FormulaElement => ({ type: 'metric', value });
const num = (value: string): FormulaElement => ({ type: 'number', value });
const op = (value: '+' | '-' | '*' | '/'): FormulaElement => ({ type: 'operator', value });
const br = (value: '(' | ')'): FormulaElement => ({ type: 'bracket', value });

describe('parseFormula', () => {
  it('reads metrics, numbers (dot or comma), operators and brackets', () => {
    expect(parse('{clicks} / ({leads} + 1,5) * 100')).toEqual([
      m('clicks'),
      op('/'),
      br('('),
      m('leads'),
      op('+'),
      num('1.5'),
      br(')'),
      op('*'),
      num('100'),
    ]);
    expect(parse('{a}*{b.c}-2')).toEqual([m('a'), op('*'), m('b.c'), op('-'), num('2')]);
    expect(parse('   ')).toEqual([]);
  });

  it('answers null for anything else', () => {
    expect(parseFormula('{clicks} % 2')).toBeNull();
    expect(parseFormula('clicks + 1')).toBeNull();
    expect(parseFormula('{bad name} + 1')).toBeNull();
  });

  it('writes the text form back', () => {
    expect(formulaToText(parse('{a}/({b}+1)'))).toBe('{a} / ( {b} + 1 )');
  });
});

describe('validateFormula: every builder error of product §5', () => {
  it('accepts well-formed formulas', () => {
    for (const text of [
      '{a} + {b}',
      '{a} / {b} * 100',
      '({a} - {b}) / {b} * 100',
      '(({a}))',
      '{a} * (({b} + 1) / (2 - {c}))',
      '1 + 2',
      '1,5 * {a}',
    ]) {
      expect([text, check(text)]).toEqual([text, null]);
    }
  });

  it('unequal brackets', () => {
    expect(check('({a} + {b}')).toBe('unequalBrackets');
    expect(check('{a} + {b})')).toBe('unequalBrackets');
    expect(check(') {a} + {b} (')).toBe('unequalBrackets');
    expect(check('(')).toBe('unequalBrackets');
  });

  it('too short', () => {
    expect(check('')).toBe('tooShort');
    expect(check('{a}')).toBe('tooShort');
    expect(check('{a} +')).toBe('tooShort');
  });

  it('first or last element a binary operator', () => {
    expect(check('- {a} + {b}')).toBe('edgeOperator');
    expect(check('{a} + {b} *')).toBe('edgeOperator');
    expect(check('/ {a} {b}')).toBe('edgeOperator');
  });

  it('binary operator missing before an opening bracket', () => {
    expect(check('{a} ({b} + 1)')).toBe('operatorBeforeBracket');
    expect(check('({a} + 1) ({b} + 1)')).toBe('operatorBeforeBracket');
    expect(check('2 ({b} + 1)')).toBe('operatorBeforeBracket');
  });

  it('two binary operators adjacent', () => {
    expect(check('{a} + - {b}')).toBe('adjacentOperators');
    expect(check('{a} * / {b}')).toBe('adjacentOperators');
  });

  it('binary operator before a closing bracket or after an opening bracket', () => {
    expect(check('({a} +) * {b}')).toBe('operatorNearBracket');
    expect(check('{a} * (+ {b})')).toBe('operatorNearBracket');
  });

  it('empty brackets', () => {
    expect(check('{a} + () + {b}')).toBe('emptyBrackets');
    expect(check('(()) + {a}')).toBe('emptyBrackets');
  });

  it('two operands adjacent', () => {
    expect(check('{a} {b} + 1')).toBe('adjacentOperands');
    expect(check('{a} + 1 2')).toBe('adjacentOperands');
    expect(check('({a} + 1) {b}')).toBe('adjacentOperands');
  });

  it('unknown metrics and malformed numbers', () => {
    expect(validateFormula(parse('{clicks} + {nope}'), new Set(['clicks']))).toBe('unknownMetric');
    expect(validateFormula(parse('{clicks} + 1'), new Set(['clicks']))).toBeNull();
    expect(validateFormula([m('a'), op('+'), num('1.2.3')])).toBe('badNumber');
    expect(validateFormula([m('a'), op('+'), num('-1')])).toBe('badNumber');
    expect(validateFormula([m('a'), op('+'), num('1,25')])).toBeNull();
  });

  it('has a message for every error code', () => {
    for (const code of [
      'unequalBrackets',
      'tooShort',
      'edgeOperator',
      'operatorBeforeBracket',
      'adjacentOperators',
      'operatorNearBracket',
      'emptyBrackets',
      'adjacentOperands',
    ] as const) {
      expect(FORMULA_ERRORS[code]).toMatch(/\w/);
    }
  });
});

describe('evaluateFormula', () => {
  const values = { clicks: '200', conversions: '3', revenue: '100.12345678', payout: '40.5' };
  const run = (text: string, v: Record<string, string | number> = values) => evaluateFormula(parse(text), v).toString();

  it('computes with precedence and brackets', () => {
    expect(run('{conversions} / {clicks} * 100')).toBe('1.5');
    expect(run('({revenue} - {payout}) / {payout} * 100')).toBe(evaluateFormula(parse('59.62345678 / 40.5 * 100'), {}).toString());
    expect(run('1 + 2 * 3')).toBe('7');
    expect(run('(1 + 2) * 3')).toBe('9');
    expect(run('10 - 4 - 3')).toBe('3');
    expect(run('100 / 10 / 5')).toBe('2');
  });

  it('keeps decimals exact (no binary floating point)', () => {
    expect(run('0.1 + 0.2')).toBe('0.3');
    expect(run('{revenue} - {payout}')).toBe('59.62345678');
    expect(run('{revenue} * 3')).toBe('300.37037034');
    expect(run('1,5 * 2')).toBe('3');
    expect(evaluateFormula(parse('{a} + {b}'), { a: 0.1, b: 0.2 }).toString()).toBe('0.3');
  });

  it('gives 0 on division by zero and for a missing metric', () => {
    expect(run('{conversions} / 0')).toBe('0');
    expect(run('{conversions} / ({clicks} - 200) + 1')).toBe('1');
    expect(run('{missing} + 1')).toBe('1');
  });

  it('refuses to evaluate an invalid formula', () => {
    expect(() => evaluateFormula([m('a'), m('b'), op('+'), num('1')], {})).toThrow(FORMULA_ERRORS.adjacentOperands);
    expect(() => evaluateFormula([m('a')], {})).toThrow(FORMULA_ERRORS.tooShort);
  });
});

describe('evaluateFormulaOrNull (statistics: a ratio over zero is "—", not 0)', () => {
  const run = (text: string, v: Record<string, string | number | null>) => evaluateFormulaOrNull(parse(text), v)?.toString() ?? null;

  it('is null on a division by zero anywhere in the formula, and for a metric whose value is null', () => {
    expect(run('({revenue} - {payout}) / {payout} * 100', { revenue: '10', payout: '0' })).toBeNull();
    expect(run('{conversions} / ({clicks} - 200) + 1', { conversions: 3, clicks: 200 })).toBeNull();
    expect(run('{roi} + 1', { roi: null })).toBeNull();
    expect(run('{roi} * 0', { roi: null })).toBeNull();
  });

  it('computes as evaluateFormula otherwise (a missing metric counts as 0)', () => {
    expect(run('({revenue} - {payout}) / {payout} * 100', { revenue: '30', payout: '20' })).toBe('50');
    expect(run('0 / {clicks}', { clicks: 5 })).toBe('0');
    expect(run('{missing} + 1', {})).toBe('1');
  });
});
