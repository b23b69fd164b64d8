/**
 * The formula builder (product §5): the formula is a row of tokens built by clicking built-in metrics, binary
 * operators, brackets and numbers, with backspace and clear. It is an antd form control (value / onChange);
 * the form checks it with the shared `validateFormula`, the same rule the server applies.
 */
import { CheckCircleFilled, ClearOutlined, PlusOutlined, RollbackOutlined } from '@ant-design/icons';
import { formulaToText, validateFormula, type FormulaElement } from '@leadgrid/shared/insights/formula';
import { BUILT_IN_METRIC_KEYS, type BuiltInMetric } from '@leadgrid/shared/insights/metrics';
import { Button, Flex, Input, Tag, Tooltip, Typography, theme } from 'antd';
// the palette's own inputs must not take the formula field's error styling
import { NoFormStyle } from 'antd/es/form/context';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from './i18n';
import { useMetricLabels } from './labels';

type Operator = '+' | '-' | '*' | '/';
type Bracket = '(' | ')';

const SYMBOLS: Record<Operator | Bracket, string> = { '+': '+', '-': '−', '*': '×', '/': '÷', '(': '(', ')': ')' };
const TEST_IDS: Record<Operator | Bracket, string> = { '+': 'plus', '-': 'minus', '*': 'times', '/': 'divide', '(': 'open', ')': 'close' };
const NUMBER_RE = /^\d+([.,]\d+)?$/;
const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' };

/** The first broken rule of a formula, or null; built-in metrics only. */
export const formulaProblem = (elements: readonly FormulaElement[] | undefined) => validateFormula(elements ?? [], BUILT_IN_METRIC_KEYS);

/** A formula shown as read-only tokens (lists, details). */
export function FormulaTokens({ formula, size = 'default' }: { formula: readonly FormulaElement[]; size?: 'small' | 'default' }) {
  const { label } = useMetricLabels();
  return (
    <Flex gap={4} wrap align="center" style={{ maxWidth: 520 }} aria-label={formulaToText(formula)}>
      {formula.map((e, i) => (
        <Token key={i} element={e} label={e.type === 'metric' ? label(e.value) : undefined} small={size === 'small'} />
      ))}
    </Flex>
  );
}

function Token({ element, label, small }: { element: FormulaElement; label?: string; small?: boolean }) {
  const style = { marginInlineEnd: 0, fontSize: small ? 12 : 13, paddingInline: small ? 5 : 7, lineHeight: small ? '20px' : '24px' };
  if (element.type === 'metric') {
    return (
      <Tooltip title={`{${element.value}}`}>
        <Tag color="blue" variant="filled" style={style} data-testid="formula-token">
          {label ?? element.value}
        </Tag>
      </Tooltip>
    );
  }
  if (element.type === 'number') {
    return (
      <Tag variant="outlined" style={{ ...style, ...mono }} data-testid="formula-token">
        {element.value}
      </Tag>
    );
  }
  const symbol = SYMBOLS[element.value as Operator | Bracket];
  return (
    <Tag
      color={element.type === 'operator' ? 'orange' : 'purple'}
      variant="filled"
      style={{ ...style, ...mono, fontWeight: 700, minWidth: small ? 20 : 26, textAlign: 'center' }}
      data-testid="formula-token"
    >
      {symbol}
    </Tag>
  );
}

export interface FormulaBuilderProps {
  value?: FormulaElement[];
  onChange?: (value: FormulaElement[]) => void;
  builtIns: readonly BuiltInMetric[];
  /** set by Form.Item while the field has an error */
  'aria-invalid'?: boolean;
  id?: string;
}

export function FormulaBuilder({ value = [], onChange, builtIns, id, ...rest }: FormulaBuilderProps) {
  const { t } = useTranslation(NS);
  const { token } = theme.useToken();
  const { label, group } = useMetricLabels();
  const [number, setNumber] = useState('');
  const [numberError, setNumberError] = useState(false);
  const invalid = rest['aria-invalid'];

  const set = (next: FormulaElement[]) => onChange?.(next);
  const append = (element: FormulaElement) => set([...value, element]);
  const backspace = () => set(value.slice(0, -1));
  const addNumber = () => {
    const v = number.trim();
    if (!NUMBER_RE.test(v)) {
      setNumberError(true);
      return;
    }
    append({ type: 'number', value: v.replace(',', '.') });
    setNumber('');
    setNumberError(false);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Backspace' || e.key === 'Delete') {
      e.preventDefault();
      backspace();
    }
  };

  const groups = [...new Set(builtIns.map((m) => m.group))];
  const ok = value.length > 0 && formulaProblem(value) === null;

  return (
    <Flex vertical gap={12} id={id}>
      <div
        role="group"
        tabIndex={0}
        onKeyDown={onKeyDown}
        aria-label={t('fields.formula')}
        data-testid="formula-tokens"
        style={{
          minHeight: 56,
          padding: '10px 12px',
          borderRadius: token.borderRadiusLG,
          border: `1px solid ${invalid ? token.colorError : token.colorBorder}`,
          background: token.colorBgContainer,
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          outline: 'none',
        }}
      >
        <Flex gap={6} wrap align="center" style={{ flex: 1, minWidth: 0 }}>
          {value.length ? (
            value.map((e, i) => <Token key={i} element={e} label={e.type === 'metric' ? label(e.value) : undefined} />)
          ) : (
            <Typography.Text type="secondary">{t('builder.empty')}</Typography.Text>
          )}
        </Flex>
        {ok ? (
          <Tooltip title={t('builder.valid')}>
            <CheckCircleFilled style={{ color: token.colorSuccess, fontSize: 16 }} data-testid="formula-valid" />
          </Tooltip>
        ) : null}
        <Flex gap={2}>
          <Tooltip title={t('builder.backspace')}>
            <Button
              type="text"
              size="small"
              icon={<RollbackOutlined />}
              onClick={backspace}
              disabled={!value.length}
              aria-label={t('builder.backspace')}
              data-testid="formula-backspace"
            />
          </Tooltip>
          <Tooltip title={t('builder.clear')}>
            <Button
              type="text"
              size="small"
              icon={<ClearOutlined />}
              onClick={() => set([])}
              disabled={!value.length}
              aria-label={t('builder.clear')}
              data-testid="formula-clear"
            />
          </Tooltip>
        </Flex>
      </div>

      <NoFormStyle status override>
        <Flex vertical gap={10} style={{ padding: 12, borderRadius: token.borderRadiusLG, background: token.colorFillQuaternary }}>
          <Typography.Text type="secondary" style={{ fontSize: 12, textTransform: 'uppercase', letterSpacing: '0.04em' }}>
            {t('builder.metrics')}
          </Typography.Text>
          {groups.map((g) => (
            <Flex key={g} gap={6} wrap align="center">
              <Typography.Text type="secondary" style={{ width: 96, fontSize: 12 }}>
                {group(g)}
              </Typography.Text>
              {builtIns
                .filter((m) => m.group === g)
                .map((m) => (
                  <Tooltip key={m.key} title={`{${m.key}}`} mouseEnterDelay={0.6}>
                    <Button size="small" onClick={() => append({ type: 'metric', value: m.key })} data-testid={`formula-metric-${m.key}`}>
                      {label(m.key)}
                    </Button>
                  </Tooltip>
                ))}
            </Flex>
          ))}
          <Flex gap={16} wrap align="flex-start" style={{ marginTop: 4 }}>
            <Flex vertical gap={6}>
              <Typography.Text type="secondary" style={{ fontSize: 12, textTransform: 'uppercase', letterSpacing: '0.04em' }}>
                {t('builder.operators')}
              </Typography.Text>
              <Flex gap={6}>
                {(['+', '-', '*', '/'] as const).map((op) => (
                  <Tooltip key={op} title={t(`builder.operatorNames.${op}`)}>
                    <Button
                      size="small"
                      style={{ ...mono, fontWeight: 700, width: 34 }}
                      onClick={() => append({ type: 'operator', value: op })}
                      aria-label={t(`builder.operatorNames.${op}`)}
                      data-testid={`formula-op-${TEST_IDS[op]}`}
                    >
                      {SYMBOLS[op]}
                    </Button>
                  </Tooltip>
                ))}
                {(['(', ')'] as const).map((b) => (
                  <Tooltip key={b} title={t(`builder.operatorNames.${b}`)}>
                    <Button
                      size="small"
                      style={{ ...mono, fontWeight: 700, width: 34 }}
                      onClick={() => append({ type: 'bracket', value: b })}
                      aria-label={t(`builder.operatorNames.${b}`)}
                      data-testid={`formula-op-${TEST_IDS[b]}`}
                    >
                      {b}
                    </Button>
                  </Tooltip>
                ))}
              </Flex>
            </Flex>
            <Flex vertical gap={6}>
              <Typography.Text type="secondary" style={{ fontSize: 12, textTransform: 'uppercase', letterSpacing: '0.04em' }}>
                {t('builder.number')}
              </Typography.Text>
              <Flex gap={6} align="flex-start">
                <Flex vertical gap={2}>
                  <Input
                    size="small"
                    value={number}
                    status={numberError ? 'error' : undefined}
                    onChange={(e) => {
                      setNumber(e.target.value);
                      setNumberError(false);
                    }}
                    onPressEnter={(e) => {
                      e.preventDefault();
                      addNumber();
                    }}
                    inputMode="decimal"
                    placeholder="100"
                    style={{ width: 110, ...mono }}
                    aria-label={t('builder.number')}
                    data-testid="formula-number-input"
                  />
                  {numberError ? (
                    <Typography.Text type="danger" style={{ fontSize: 12 }}>
                      {t('builder.numberInvalid')}
                    </Typography.Text>
                  ) : null}
                </Flex>
                <Button size="small" icon={<PlusOutlined />} onClick={addNumber} disabled={!number.trim()} data-testid="formula-number-add">
                  {t('builder.add')}
                </Button>
              </Flex>
            </Flex>
          </Flex>
        </Flex>
      </NoFormStyle>
    </Flex>
  );
}
