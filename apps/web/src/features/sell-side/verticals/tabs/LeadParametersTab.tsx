/**
 * The lead-parameters tab (edit_incoming_parameters): the lead fields this vertical accepts — standard lead fields of
 * product §3 (their names are fixed) and custom ones — each with a type, a required flag and validation (length and
 * pattern for text, bounds for numbers; the other types are checked by their type).
 */
import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { LEAD_FIELD_TYPES, STANDARD_LEAD_FIELDS } from '@leadgrid/shared/sell-side/sell-side';
import { incomingParameterSchema, type IncomingParameter, type Vertical } from '@leadgrid/shared/sell-side/verticals';
import { rules as sharedRules } from '@leadgrid/shared/validation';
import { Button, Col, Dropdown, Empty, Flex, Form, Input, InputNumber, Row, Select, Switch, Tag, Tooltip, Typography, theme } from 'antd';
import type { FormInstance, Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { requiredRule, zodRule } from '../../../../components/form';
import { NS } from '../i18n';
import { MONO, SectionCard, useSectionForm } from '../sections';
import { RemoveRowButton } from '../../../../components/RowButtons';

type FieldType = (typeof LEAD_FIELD_TYPES)[number];
export type StandardField = (typeof STANDARD_LEAD_FIELDS)[number];
interface ParamRow {
  name: string;
  title: string;
  type: FieldType;
  required: boolean;
  validation: { minLength?: number | null; maxLength?: number | null; pattern?: string; min?: number | null; max?: number | null };
  /** a standard lead field row: its name is shown, not edited */
  standard?: boolean;
}
interface Values {
  params: ParamRow[];
}

/** the type a standard field is checked as */
export const STANDARD_TYPES: Record<StandardField, FieldType> = {
  firstName: 'string',
  lastName: 'string',
  phone: 'phone',
  email: 'email',
  country: 'country',
  language: 'language',
  ip: 'ip',
  landing: 'url',
  sourceUrl: 'url',
  sub1: 'string',
  sub2: 'string',
  sub3: 'string',
  sub4: 'string',
  sub5: 'string',
  sub6: 'string',
  sub7: 'string',
  sub8: 'string',
  sub9: 'string',
};
const TEXT_TYPES: FieldType[] = ['string', 'email', 'phone', 'url'];
export const isStandard = (name: string | undefined) => (STANDARD_LEAD_FIELDS as readonly string[]).includes(name ?? '');
const num = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function toData(rows: ParamRow[]): IncomingParameter[] {
  return rows.map((r) => {
    const text = TEXT_TYPES.includes(r.type);
    const v = r.validation ?? {};
    const validation = {
      minLength: text ? num(v.minLength) : undefined,
      maxLength: text ? num(v.maxLength) : undefined,
      pattern: text && v.pattern?.trim() ? v.pattern.trim() : undefined,
      min: r.type === 'number' ? num(v.min) : undefined,
      max: r.type === 'number' ? num(v.max) : undefined,
    };
    return {
      name: r.name.trim(),
      title: (r.title ?? '').trim(),
      type: r.type,
      required: Boolean(r.required),
      validation: Object.fromEntries(Object.entries(validation).filter(([, x]) => x !== undefined)),
    };
  });
}

function ParamEditor({
  form,
  name,
  canWrite,
  onRemove,
}: {
  form: FormInstance<Values>;
  name: number;
  canWrite: boolean;
  onRemove(): void;
}) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const fieldName = form.getFieldValue(['params', name, 'name']) as string;
  const standard = isStandard(fieldName) && Boolean(form.getFieldValue(['params', name, 'standard']));
  const type = (Form.useWatch(['params', name, 'type'], form) as FieldType | undefined) ?? 'string';
  const text = TEXT_TYPES.includes(type);
  const customName: Rule = {
    validator: async (_r, value: string) => {
      const names = ((form.getFieldValue('params') as ParamRow[] | undefined) ?? []).map((p) => p?.name?.trim().toLowerCase());
      if (!value) return;
      if (isStandard(value.trim())) throw new Error(t('params.standardName'));
      if (names.filter((x) => x === value.trim().toLowerCase()).length > 1) throw new Error(tc('validation.unique'));
    },
  };
  const lowerBound = (other: 'maxLength' | 'max'): Rule => ({
    validator: async (_r, value: number | null | undefined) => {
      const upper = form.getFieldValue(['params', name, 'validation', other]) as number | null | undefined;
      if (typeof value === 'number' && typeof upper === 'number' && value > upper) throw new Error(t('params.boundsOrder'));
    },
  });
  return (
    <div
      style={{ padding: '10px 12px 0', borderRadius: token.borderRadiusLG, border: `1px solid ${token.colorBorderSecondary}` }}
      data-testid="param-row"
    >
      <Row gutter={12} align="top">
        <Col xs={24} md={5}>
          {standard ? (
            <Form.Item style={{ marginBottom: 10 }}>
              <Flex gap={6} align="center" style={{ minHeight: 32 }}>
                <Typography.Text strong style={MONO}>
                  {fieldName}
                </Typography.Text>
                <Tooltip title={t('params.standardHint')}>
                  <Tag color="blue" variant="filled" style={{ marginInlineEnd: 0 }}>
                    {t('params.standard')}
                  </Tag>
                </Tooltip>
              </Flex>
            </Form.Item>
          ) : (
            <Form.Item
              name={[name, 'name']}
              rules={[requiredRule(tc), zodRule(incomingParameterSchema.shape.name, tc), customName]}
              validateFirst
              style={{ marginBottom: 10 }}
            >
              <Input placeholder="loanAmount" spellCheck={false} style={MONO} data-testid="param-name" />
            </Form.Item>
          )}
        </Col>
        <Col xs={24} md={4}>
          <Form.Item name={[name, 'title']} rules={[zodRule(incomingParameterSchema.shape.title, tc)]} style={{ marginBottom: 10 }}>
            <Input
              maxLength={200}
              placeholder={standard ? t(`standardFields.${fieldName}`) : t('params.titlePlaceholder')}
              data-testid="param-title"
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={3}>
          <Form.Item name={[name, 'type']} style={{ marginBottom: 10 }}>
            <Select options={LEAD_FIELD_TYPES.map((x) => ({ value: x, label: t(`fieldTypes.${x}`) }))} data-testid="param-type" />
          </Form.Item>
        </Col>
        <Col xs={12} md={2}>
          <Form.Item name={[name, 'required']} valuePropName="checked" style={{ marginBottom: 10 }}>
            <Switch size="small" data-testid="param-required" />
          </Form.Item>
        </Col>
        <Col xs={24} md={text || type === 'number' ? 4 : 9}>
          <Form.Item style={{ marginBottom: 10 }}>
            {text ? (
              <Flex gap={6}>
                <Form.Item name={[name, 'validation', 'minLength']} noStyle rules={[lowerBound('maxLength')]}>
                  <InputNumber min={0} max={10_000} precision={0} placeholder={t('params.minLength')} style={{ width: '50%' }} />
                </Form.Item>
                <Form.Item name={[name, 'validation', 'maxLength']} noStyle>
                  <InputNumber min={1} max={10_000} precision={0} placeholder={t('params.maxLength')} style={{ width: '50%' }} />
                </Form.Item>
              </Flex>
            ) : type === 'number' ? (
              <Flex gap={6}>
                <Form.Item name={[name, 'validation', 'min']} noStyle rules={[lowerBound('max')]}>
                  <InputNumber placeholder={t('params.min')} style={{ width: '50%' }} />
                </Form.Item>
                <Form.Item name={[name, 'validation', 'max']} noStyle>
                  <InputNumber placeholder={t('params.max')} style={{ width: '50%' }} />
                </Form.Item>
              </Flex>
            ) : (
              <Typography.Text type="secondary" style={{ display: 'block', paddingTop: 5 }}>
                {t(`params.checkedAs.${type}`)}
              </Typography.Text>
            )}
          </Form.Item>
        </Col>
        {text ? (
          <Col xs={22} md={5}>
            <Form.Item
              name={[name, 'validation', 'pattern']}
              rules={[
                {
                  validator: async (_r, value: string) => {
                    if (value && sharedRules.regex(value) !== true) throw new Error(tc('validation.pattern'));
                  },
                },
              ]}
              style={{ marginBottom: 10 }}
            >
              <Input placeholder={t('params.patternPlaceholder')} spellCheck={false} style={MONO} allowClear data-testid="param-pattern" />
            </Form.Item>
          </Col>
        ) : type === 'number' ? (
          <Col xs={22} md={5} />
        ) : null}
        <Col xs={2} md={1} style={{ textAlign: 'right', paddingTop: 0 }}>
          {canWrite ? <RemoveRowButton label={t('params.remove')} onClick={onRemove} testId="param-remove" /> : null}
        </Col>
      </Row>
    </div>
  );
}

/** the column titles above the rows (the same spans as a row) */
function ParamsHeader() {
  const { t } = useTranslation(NS);
  const { token } = theme.useToken();
  const cell = (key: string, span: number) => (
    <Col md={span} style={{ color: token.colorTextSecondary, fontSize: 12 }}>
      {t(key)}
    </Col>
  );
  return (
    <Row gutter={12} style={{ padding: '0 13px' }}>
      {cell('params.name', 5)}
      {cell('params.fieldTitle', 4)}
      {cell('params.type', 3)}
      {cell('params.required', 2)}
      {cell('params.validation', 4)}
      {cell('params.pattern', 5)}
    </Row>
  );
}

export function LeadParametersTab({ vertical, canWrite }: { vertical: Vertical; canWrite: boolean }) {
  const { t } = useTranslation(NS);
  const state = useSectionForm<Values>({
    vertical,
    section: 'incoming_parameters',
    prefix: ['params'],
    toForm: (v) => ({
      params: v.incomingParameters.map((p) => ({
        name: p.name,
        title: p.title ?? '',
        type: p.type,
        required: p.required,
        validation: { ...p.validation },
        standard: isStandard(p.name),
      })),
    }),
    toData: (v) => toData(v.params ?? []),
  });
  const rows = (Form.useWatch('params', state.form) as ParamRow[] | undefined) ?? [];
  const used = new Set(rows.map((r) => r?.name));
  const unused = STANDARD_LEAD_FIELDS.filter((f) => !used.has(f));
  const standardRow = (f: StandardField) => ({
    name: f,
    title: '',
    type: STANDARD_TYPES[f],
    required: false,
    validation: {},
    standard: true,
  });

  return (
    <SectionCard
      title={t('params.title')}
      description={t('params.description')}
      state={state}
      canWrite={canWrite}
      testId="vertical-lead-parameters"
    >
      <Form form={state.form} layout="vertical" disabled={!canWrite} onValuesChange={state.touch} requiredMark={false}>
        <Form.List name="params">
          {(fields, { add, remove }) => (
            <Flex vertical gap={8}>
              {fields.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('params.empty')} style={{ margin: '8px 0' }} />
              ) : (
                <ParamsHeader />
              )}
              {fields.map((field, index) => (
                <ParamEditor
                  key={field.key}
                  form={state.form}
                  name={field.name}
                  canWrite={canWrite}
                  onRemove={() => {
                    remove(index);
                    state.touch();
                  }}
                />
              ))}
              {canWrite ? (
                <Flex gap={8} wrap>
                  <Dropdown
                    disabled={unused.length === 0 || fields.length >= 200}
                    trigger={['click']}
                    menu={{
                      items: [
                        { key: '*', label: t('params.addAllStandard', { count: unused.length }) },
                        { type: 'divider' },
                        ...unused.map((f) => ({ key: f, label: `${t(`standardFields.${f}`)} (${f})` })),
                      ],
                      style: { maxHeight: 360, overflowY: 'auto' },
                      onClick: ({ key }) => {
                        (key === '*' ? unused : [key as StandardField]).forEach((f) => add(standardRow(f)));
                        state.touch();
                      },
                    }}
                  >
                    <Button icon={<PlusOutlined />} data-testid="param-add-standard">
                      {t('params.addStandard')} <DownOutlined />
                    </Button>
                  </Dropdown>
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    disabled={fields.length >= 200}
                    onClick={() => {
                      add({ name: '', title: '', type: 'string', required: false, validation: {}, standard: false });
                      state.touch();
                    }}
                    data-testid="param-add-custom"
                  >
                    {t('params.addCustom')}
                  </Button>
                </Flex>
              ) : null}
            </Flex>
          )}
        </Form.List>
      </Form>
    </SectionCard>
  );
}
