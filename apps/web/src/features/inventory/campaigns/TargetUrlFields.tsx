/**
 * The target-URL settings of the campaign form (inside its antd Form, under `targetUrlSettings`): where a click goes
 * (the offer's landers, or one fixed URL), which click values go along (sub1..sub9, the rest of the query), and extra
 * parameters. Macro chips from GET /campaigns/target-url-settings insert `{macro}` at the cursor of the URL or of the
 * parameter value last focused; a macro not known at click time is refused before sending, naming it.
 */
import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { TargetUrlMode, TargetUrlOptions } from '@leadgrid/shared/inventory/campaigns';
import { TARGET_URL_MODES } from '@leadgrid/shared/inventory/campaigns';
import { Button, Col, Flex, Form, Input, Row, Segmented, Skeleton, Switch, Tooltip, Typography, theme } from 'antd';
import type { Rule } from 'antd/es/form';
import { useRef, useState, type SyntheticEvent } from 'react';
import { messageText } from '../../../components/form';
import { useCampaignsT } from './i18n';
import { paramNameProblem, urlProblem, valueMacroProblem, type ParamRow } from './model';
import { MONO } from './TrackingLink';

type Path = (string | number)[];
const ROOT = 'targetUrlSettings';
const URL_PATH: Path = [ROOT, 'url'];
const PARAMS_PATH: Path = [ROOT, 'params'];
const same = (a: Path | null, b: Path | null) => !!a && !!b && a.join('.') === b.join('.');

export interface TargetUrlFieldsProps {
  options: TargetUrlOptions | undefined;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  disabled?: boolean;
}

export function TargetUrlFields({ options, loading, error, onRetry, disabled }: TargetUrlFieldsProps) {
  const { t } = useCampaignsT();
  const { token } = theme.useToken();
  const form = Form.useFormInstance();
  const mode: TargetUrlMode = Form.useWatch([ROOT, 'mode'], form) ?? 'landers';
  const params: ParamRow[] = Form.useWatch(PARAMS_PATH, form) ?? [];
  /** the macro field last focused, and where its cursor was */
  const [target, setTarget] = useState<Path | null>(null);
  const caret = useRef<{ path: Path; start: number; end: number; el?: HTMLInputElement } | null>(null);
  const paramsMax = options?.paramsMax ?? 20;

  const track = (path: Path) => ({
    onFocus: () => setTarget(path),
    onSelect: (e: SyntheticEvent<HTMLInputElement>) => {
      const el = e.currentTarget;
      caret.current = { path, start: el.selectionStart ?? el.value.length, end: el.selectionEnd ?? el.value.length, el };
    },
  });

  const insertTarget: Path | null =
    target && (target[1] === 'url' ? mode === 'url' : Number(target[2]) < params.length) ? target : mode === 'url' ? URL_PATH : null;
  const targetLabel = !insertTarget
    ? null
    : insertTarget[1] === 'url'
      ? t('target.url')
      : t('target.paramValueOf', { name: params[Number(insertTarget[2])]?.name || `#${Number(insertTarget[2]) + 1}` });

  const insert = (name: string) => {
    if (!insertTarget) return;
    const current = String(form.getFieldValue(insertTarget) ?? '');
    const macro = `{${name}}`;
    const saved = same(caret.current?.path ?? null, insertTarget) ? caret.current : null;
    // the field still has the focus (chips do not take it): its cursor is the truth
    const live = saved?.el && saved.el === document.activeElement ? saved.el : null;
    const at = live
      ? { start: live.selectionStart ?? current.length, end: live.selectionEnd ?? current.length }
      : (saved ?? { start: current.length, end: current.length });
    const next = current.slice(0, at.start) + macro + current.slice(at.end);
    form.setFieldValue(insertTarget, next);
    const end = at.start + macro.length;
    const el = saved?.el;
    caret.current = { path: insertTarget, start: end, end, el };
    // the cursor stays right after the macro, so the next chip goes after it
    if (el)
      setTimeout(() => {
        el.focus();
        el.setSelectionRange(end, end);
      }, 0);
    void form.validateFields([insertTarget]).catch(() => undefined);
  };

  const urlRule: Rule = {
    validator: async (_r, value) => {
      const problem = urlProblem(form.getFieldValue([ROOT, 'mode']) ?? 'landers', value);
      if (!problem) return;
      throw new Error(problem.key === 'unknownMacro' ? t('target.unknownMacro', { name: problem.name }) : messageText(t, problem.key));
    },
  };
  const valueRule: Rule = {
    validator: async (_r, value) => {
      const bad = valueMacroProblem(value);
      if (bad !== null) throw new Error(t('target.unknownMacro', { name: bad }));
    },
  };
  const nameRule =
    (index: number): Rule =>
    () => ({
      validator: async () => {
        const problem = paramNameProblem(form.getFieldValue(PARAMS_PATH) ?? [], index);
        if (problem) throw new Error(problem === 'pattern' ? t('target.paramNamePattern') : messageText(t, problem));
      },
    });

  return (
    <Flex vertical gap={4} data-testid="target-url-settings">
      <Form.Item name={[ROOT, 'mode']} label={t('target.mode')} extra={t(`target.modeHint.${mode}`)} style={{ marginBottom: 16 }}>
        <Segmented
          block
          disabled={disabled}
          options={TARGET_URL_MODES.map((value) => ({ value, label: t(`target.modes.${value}`) }))}
          data-testid="target-mode"
        />
      </Form.Item>
      {mode === 'url' ? (
        <Form.Item
          name={URL_PATH}
          label={t('target.url')}
          required
          rules={[urlRule]}
          validateTrigger={['onChange', 'onBlur']}
          style={{ marginBottom: 12 }}
        >
          <Input
            placeholder="https://example.com/?cid={click_id}&s1={sub1}"
            disabled={disabled}
            style={MONO}
            {...track(URL_PATH)}
            data-testid="target-url"
          />
        </Form.Item>
      ) : null}

      <Flex vertical gap={6} style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {targetLabel ? t('target.insertInto', { field: targetLabel }) : t('target.insertHint')}
        </Typography.Text>
        {loading ? (
          <Skeleton.Input active size="small" block />
        ) : error ? (
          <Flex align="center" gap={8}>
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {t('target.macrosFailed')}
            </Typography.Text>
            {onRetry ? (
              <Button size="small" icon={<ReloadOutlined />} onClick={onRetry}>
                {t('actions.retry')}
              </Button>
            ) : null}
          </Flex>
        ) : (
          <Flex gap={6} wrap data-testid="macro-chips">
            {(options?.macros ?? []).map((m) => (
              <Tooltip key={m.name} title={t(`macros.${m.name}`, { defaultValue: m.description })} mouseEnterDelay={0.4}>
                <Button
                  size="small"
                  disabled={disabled || !insertTarget}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => insert(m.name)}
                  style={{ ...MONO, fontSize: 12 }}
                  data-testid={`macro-${m.name}`}
                >
                  {`{${m.name}}`}
                </Button>
              </Tooltip>
            ))}
          </Flex>
        )}
      </Flex>

      <Row gutter={16}>
        {(['passSubs', 'passQuery'] as const).map((key) => (
          <Col xs={24} md={12} key={key}>
            <Flex
              align="center"
              justify="space-between"
              gap={12}
              style={{
                padding: '10px 12px',
                marginBottom: 16,
                borderRadius: token.borderRadiusLG,
                border: `1px solid ${token.colorBorderSecondary}`,
              }}
            >
              <Flex vertical style={{ minWidth: 0 }}>
                <Typography.Text>{t(`target.${key}`)}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t(`target.${key}Hint`)}
                </Typography.Text>
              </Flex>
              <Form.Item name={[ROOT, key]} valuePropName="checked" noStyle>
                <Switch disabled={disabled} aria-label={t(`target.${key}`)} data-testid={`target-${key}`} />
              </Form.Item>
            </Flex>
          </Col>
        ))}
      </Row>

      <Typography.Text strong>{t('target.params')}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>
        {t('target.paramsHint')}
      </Typography.Text>
      <Form.List name={PARAMS_PATH}>
        {(fields, { add, remove }) => (
          <Flex vertical gap={0} data-testid="target-params">
            {fields.map((field) => (
              <Flex key={field.key} gap={8} align="flex-start">
                <Form.Item
                  name={[field.name, 'name']}
                  rules={[nameRule(field.name)]}
                  style={{ flex: '0 0 38%', marginBottom: 12 }}
                  validateTrigger={['onChange', 'onBlur']}
                >
                  <Input
                    placeholder={t('target.paramName')}
                    aria-label={t('target.paramName')}
                    disabled={disabled}
                    style={MONO}
                    data-testid={`param-name-${field.name}`}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'value']}
                  rules={[valueRule]}
                  style={{ flex: 1, marginBottom: 12 }}
                  validateTrigger={['onChange', 'onBlur']}
                >
                  <Input
                    placeholder={t('target.paramValue')}
                    aria-label={t('target.paramValue')}
                    disabled={disabled}
                    style={MONO}
                    {...track([ROOT, 'params', field.name, 'value'])}
                    data-testid={`param-value-${field.name}`}
                  />
                </Form.Item>
                <Tooltip title={t('target.removeParam')}>
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    disabled={disabled}
                    aria-label={t('target.removeParam')}
                    onClick={() => {
                      remove(field.name);
                      setTarget(null);
                      caret.current = null;
                    }}
                  />
                </Tooltip>
              </Flex>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={disabled || fields.length >= paramsMax}
              onClick={() => {
                add({ name: '', value: '' });
                setTarget([ROOT, 'params', fields.length, 'value']);
                caret.current = null;
              }}
              style={{ alignSelf: 'flex-start' }}
              data-testid="param-add"
            >
              {fields.length >= paramsMax ? t('target.paramsLimit', { max: paramsMax }) : t('target.addParam')}
            </Button>
          </Flex>
        )}
      </Form.List>
    </Flex>
  );
}
