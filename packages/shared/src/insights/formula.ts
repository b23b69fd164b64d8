/**
 * Metric formulas (product §5 formula builder). A formula is a list of elements: metrics, numbers, binary
 * operators and brackets. `validateFormula` reports the first rule broken; `evaluateFormula` computes it
 * with decimal arithmetic (division by zero gives 0); `evaluateFormulaOrNull`, what statistics use, gives null for it.
 */
import Decimal from 'decimal.js';

export type FormulaElement =
  | { type: 'metric'; value: string }
  | { type: 'number'; value: string }
  | { type: 'operator'; value: '+' | '-' | '*' | '/' }
  | { type: 'bracket'; value: '(' | ')' };

export const FORMULA_ERRORS = {
  unequalBrackets: 'The number of opening and closing brackets is not equal',
  tooShort: 'The formula is too short',
  edgeOperator: 'A formula cannot start or end with a binary operator',
  operatorBeforeBracket: 'A binary operator is missing before an opening bracket',
  adjacentOperators: 'Two binary operators cannot stand next to each other',
  operatorNearBracket: 'A binary operator cannot stand before a closing bracket or after an opening bracket',
  emptyBrackets: 'Brackets cannot be empty',
  adjacentOperands: 'Two operands cannot stand next to each other',
  unknownMetric: 'The formula uses an unknown metric',
  badNumber: 'The formula has an invalid number',
} as const;
export type FormulaErrorCode = keyof typeof FORMULA_ERRORS;

export const FORMULA_MIN_ELEMENTS = 3;

/** a number element: digits with an optional dot or comma decimal part */
const NUMBER_RE = /^\d+([.,]\d+)?$/;

const isOperand = (e: FormulaElement) => e.type === 'metric' || e.type === 'number';
const isOp = (e: FormulaElement) => e.type === 'operator';
const isOpen = (e: FormulaElement) => e.type === 'bracket' && e.value === '(';
const isClose = (e: FormulaElement) => e.type === 'bracket' && e.value === ')';

/** Parses the text form `{clicks} / ({leads} + 1) * 100` into elements; unknown characters are an error. */
export function parseFormula(text: string): FormulaElement[] | null {
  const out: FormulaElement[] = [];
  const re = /\s*(?:\{([A-Za-z0-9_.]+)\}|(\d+(?:[.,]\d+)?)|([-+*/])|([()]))/y;
  let pos = 0;
  while (pos < text.length) {
    if (/^\s*$/.test(text.slice(pos))) break;
    re.lastIndex = pos;
    const m = re.exec(text);
    if (!m) return null;
    if (m[1]) out.push({ type: 'metric', value: m[1] });
    else if (m[2]) out.push({ type: 'number', value: m[2].replace(',', '.') });
    else if (m[3]) out.push({ type: 'operator', value: m[3] as '+' });
    else out.push({ type: 'bracket', value: m[4] as '(' });
    pos = re.lastIndex;
  }
  return out;
}

export function formulaToText(elements: readonly FormulaElement[]): string {
  return elements.map((e) => (e.type === 'metric' ? `{${e.value}}` : e.value)).join(' ');
}

/** Returns null when the formula is valid, else the first broken rule. */
export function validateFormula(elements: readonly FormulaElement[], knownMetrics?: ReadonlySet<string>): FormulaErrorCode | null {
  let depth = 0;
  let opens = 0;
  let closes = 0;
  for (const e of elements) {
    if (isOpen(e)) opens++;
    if (isClose(e)) closes++;
  }
  if (opens !== closes) return 'unequalBrackets';
  if (elements.length < FORMULA_MIN_ELEMENTS) return 'tooShort';
  if (isOp(elements[0]) || isOp(elements[elements.length - 1])) return 'edgeOperator';
  for (let i = 0; i < elements.length; i++) {
    const e = elements[i];
    const prev = i > 0 ? elements[i - 1] : undefined;
    if (e.type === 'number' && !NUMBER_RE.test(e.value)) return 'badNumber';
    if (e.type === 'metric' && knownMetrics && !knownMetrics.has(e.value)) return 'unknownMetric';
    if (isOpen(e)) depth++;
    if (isClose(e)) {
      depth--;
      if (depth < 0) return 'unequalBrackets';
    }
    if (!prev) continue;
    if (isOpen(e) && (isOperand(prev) || isClose(prev))) return 'operatorBeforeBracket';
    if (isOp(e) && isOp(prev)) return 'adjacentOperators';
    if ((isClose(e) && isOp(prev)) || (isOp(e) && isOpen(prev))) return 'operatorNearBracket';
    if (isClose(e) && isOpen(prev)) return 'emptyBrackets';
    if (isOperand(e) && (isOperand(prev) || isClose(prev))) return 'adjacentOperands';
  }
  return null;
}

/**
 * Evaluates a formula with the usual precedence (* and / before + and -); metric values are decimals as
 * strings or numbers, a missing one counts as 0. Throws on a formula that `validateFormula` refuses.
 */
export function evaluateFormula(elements: readonly FormulaElement[], values: Readonly<Record<string, Decimal.Value>>): Decimal {
  return evaluate(elements, values, false) ?? new Decimal(0);
}

/**
 * As `evaluateFormula`, but a division by zero — or a metric whose value is null (itself undefined) — makes the
 * result null: what statistics show as "—" (ROI without payout, CR without clicks; docs/decisions/insights.md).
 */
export function evaluateFormulaOrNull(
  elements: readonly FormulaElement[],
  values: Readonly<Record<string, Decimal.Value | null>>,
): Decimal | null {
  return evaluate(elements, values, true);
}

function evaluate(
  elements: readonly FormulaElement[],
  values: Readonly<Record<string, Decimal.Value | null>>,
  strict: boolean,
): Decimal | null {
  const problem = validateFormula(elements);
  if (problem) throw new Error(FORMULA_ERRORS[problem]);
  let i = 0;
  const peek = () => elements[i];
  const expr = (): Decimal | null => {
    let left = term();
    while (peek()?.type === 'operator' && (peek().value === '+' || peek().value === '-')) {
      const op = elements[i++].value;
      const right = term();
      left = left === null || right === null ? null : op === '+' ? left.plus(right) : left.minus(right);
    }
    return left;
  };
  const term = (): Decimal | null => {
    let left = factor();
    while (peek()?.type === 'operator' && (peek().value === '*' || peek().value === '/')) {
      const op = elements[i++].value;
      const right = factor();
      if (left === null || right === null) left = null;
      else if (op === '*') left = left.times(right);
      else if (right.isZero()) left = strict ? null : new Decimal(0);
      else left = left.div(right);
    }
    return left;
  };
  const factor = (): Decimal | null => {
    const e = elements[i++];
    if (!e) throw new Error('formula ended early');
    if (e.type === 'bracket' && e.value === '(') {
      const v = expr();
      i++; // closing bracket
      return v;
    }
    if (e.type === 'number') return new Decimal(e.value.replace(',', '.'));
    if (e.type === 'metric') {
      const v = values[e.value];
      if (v === null) return strict ? null : new Decimal(0);
      return new Decimal(v ?? 0);
    }
    throw new Error(`unexpected ${e.value}`);
  };
  return expr();
}
