/**
 * The inbound-rules tab (edit_inbound_rules): conditions a lead must meet to enter the vertical. Each rule has a type
 * (INBOUND_RULE_TYPES) with its own value input — countries, languages, e-mail domains or lead fields; none for the
 * phone check — and what happens to a lead that fails it: marked invalid or rejected.
 */
import { PlusOutlined } from '@ant-design/icons';
import { INBOUND_RULE_OUTCOMES, INBOUND_RULE_TYPES, STANDARD_LEAD_FIELDS } from '@leadgrid/shared/sell-side/sell-side';
import type { InboundRule, Vertical } from '@leadgrid/shared/sell-side/verticals';
import { rules as sharedRules } from '@leadgrid/shared/validation';
import { Button, Col, Empty, Flex, Form, Row, Segmented, Select, Typography, theme } from 'antd';
import type { FormInstance } from 'antd/es/form';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { useCountries, useLanguages } from '../api';
import { NS } from '../i18n';
import { SectionCard, useSectionForm } from '../sections';
import { RemoveRowButton } from '../../../../components/RowButtons';

export type InboundRuleType = (typeof INBOUND_RULE_TYPES)[number];
type Outcome = (typeof INBOUND_RULE_OUTCOMES)[number];
interface RuleRow {
  type: InboundRuleType;
  values: string[];
  onFail: Outcome;
}
interface Values {
  rules: RuleRow[];
}

/** which value input a rule type takes */
export const VALUE_KIND: Record<InboundRuleType, 'countries' | 'languages' | 'domains' | 'fields' | 'none'> = {
  allowed_countries: 'countries',
  blocked_countries: 'countries',
  phone_valid_for_country: 'none',
  email_domain_not_in: 'domains',
  allowed_languages: 'languages',
  required_fields: 'fields',
};

const toRow = (r: Record<string, unknown>): RuleRow => ({
  type: (INBOUND_RULE_TYPES as readonly string[]).includes(String(r.type)) ? (r.type as InboundRuleType) : 'allowed_countries',
  values: Array.isArray(r.values) ? r.values.map(String) : [],
  onFail: r.onFail === 'rejected' ? 'rejected' : 'invalid',
});

/** e-mail domains as typed: lower case, without a leading '@' */
const normalizeDomains = (values: string[] | undefined) => [
  ...new Set((values ?? []).map((d) => d.trim().toLowerCase().replace(/^@/, '')).filter(Boolean)),
];

function ValueInput({
  kind,
  fields,
  value,
  onChange,
  id,
}: {
  kind: (typeof VALUE_KIND)[InboundRuleType];
  fields: { value: string; label: string }[];
  value?: string[];
  onChange?: (v: string[]) => void;
  id?: string;
}) {
  const { t, i18n } = useTranslation(NS);
  const countries = useCountries(i18n.language);
  const languages = useLanguages(i18n.language);
  const common = {
    id,
    value: value ?? [],
    onChange,
    mode: 'multiple' as const,
    allowClear: true,
    style: { width: '100%' },
  };
  if (kind === 'countries')
    return (
      <Select
        {...common}
        loading={countries.isLoading}
        placeholder={t('rules.placeholders.countries')}
        options={(countries.data ?? []).map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }))}
        optionFilterProp="label"
        data-testid="rule-values-countries"
      />
    );
  if (kind === 'languages')
    return (
      <Select
        {...common}
        loading={languages.isLoading}
        placeholder={t('rules.placeholders.languages')}
        options={(languages.data ?? []).map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }))}
        optionFilterProp="label"
        data-testid="rule-values-languages"
      />
    );
  if (kind === 'domains')
    return (
      <Select
        {...common}
        mode="tags"
        open={false}
        suffixIcon={null}
        tokenSeparators={[',', ' ', ';']}
        onChange={(v: string[]) => onChange?.(normalizeDomains(v))}
        placeholder={t('rules.placeholders.domains')}
        data-testid="rule-values-domains"
      />
    );
  if (kind === 'fields')
    return (
      <Select
        {...common}
        placeholder={t('rules.placeholders.fields')}
        options={fields}
        optionFilterProp="label"
        data-testid="rule-values-fields"
      />
    );
  return (
    <Typography.Text type="secondary" style={{ display: 'block', paddingTop: 5 }} data-testid="rule-values-none">
      {t('rules.noValue')}
    </Typography.Text>
  );
}

function RuleEditor({
  form,
  name,
  index,
  fields,
  canWrite,
  onRemove,
  onChanged,
}: {
  form: FormInstance<Values>;
  name: number;
  index: number;
  fields: { value: string; label: string }[];
  canWrite: boolean;
  onRemove(): void;
  onChanged(): void;
}) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const type = (Form.useWatch(['rules', name, 'type'], form) as InboundRuleType | undefined) ?? 'allowed_countries';
  const kind = VALUE_KIND[type];
  const valueRules: Rule[] = [
    {
      validator: async (_r, value: string[] | undefined) => {
        // the type as it is now (the rule may be checked before this row re-renders with a new type)
        const kind = VALUE_KIND[form.getFieldValue(['rules', name, 'type']) as InboundRuleType] ?? 'none';
        if (kind === 'none') return;
        if (!value?.length) throw new Error(tc('validation.required'));
        if (kind === 'domains' && value.some((d) => sharedRules.hostName(d) !== true)) throw new Error(tc('validation.hostName'));
      },
    },
  ];
  return (
    <div
      style={{
        padding: '12px 12px 0',
        borderRadius: token.borderRadiusLG,
        border: `1px solid ${token.colorBorderSecondary}`,
        background: token.colorFillQuaternary,
      }}
      data-testid="rule-row"
      data-rule-index={index}
    >
      <Row gutter={12} align="top">
        <Col xs={24} md={7}>
          <Form.Item
            name={[name, 'type']}
            label={t('rules.type')}
            style={{ marginBottom: 12 }}
            rules={[{ required: true, message: tc('validation.required') }]}
          >
            <Select
              options={INBOUND_RULE_TYPES.map((x) => ({ value: x, label: t(`rules.types.${x}`) }))}
              onChange={() => {
                // a new type takes a new kind of value: the old ones would not mean anything
                form.setFieldValue(['rules', name, 'values'], []);
                onChanged();
              }}
              data-testid="rule-type"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={11}>
          <Form.Item
            name={[name, 'values']}
            label={t(`rules.valueLabels.${kind}`)}
            extra={kind === 'none' ? undefined : t(`rules.hints.${type}`)}
            style={{ marginBottom: 12 }}
            rules={valueRules}
          >
            <ValueInput kind={kind} fields={fields} />
          </Form.Item>
        </Col>
        <Col xs={20} md={5}>
          <Form.Item name={[name, 'onFail']} label={t('rules.onFail')} style={{ marginBottom: 12 }}>
            <Segmented
              options={INBOUND_RULE_OUTCOMES.map((o) => ({
                value: o,
                label: t(`rules.outcomes.${o}`),
                title: t(`rules.outcomeHints.${o}`),
              }))}
              data-testid="rule-outcome"
            />
          </Form.Item>
        </Col>
        <Col xs={4} md={1} style={{ textAlign: 'right', paddingTop: 30 }}>
          {canWrite ? <RemoveRowButton label={t('rules.remove')} onClick={onRemove} testId="rule-remove" /> : null}
        </Col>
      </Row>
    </div>
  );
}

export function InboundRulesTab({ vertical, canWrite }: { vertical: Vertical; canWrite: boolean }) {
  const { t } = useTranslation(NS);
  const state = useSectionForm<Values>({
    vertical,
    section: 'inbound_rules',
    prefix: ['rules'],
    toForm: (v) => ({ rules: v.inboundRules.map(toRow) }),
    toData: (v): InboundRule[] =>
      (v.rules ?? []).map((r) => ({
        type: r.type,
        values: VALUE_KIND[r.type] === 'none' ? [] : VALUE_KIND[r.type] === 'domains' ? normalizeDomains(r.values) : (r.values ?? []),
        onFail: r.onFail,
      })),
  });
  // the lead fields a "fields are filled" rule can name: the standard ones and the vertical's custom ones
  const fields = [
    ...STANDARD_LEAD_FIELDS.map((name) => ({ value: name as string, label: `${t(`standardFields.${name}`)} (${name})` })),
    ...vertical.incomingParameters
      .filter((p) => !(STANDARD_LEAD_FIELDS as readonly string[]).includes(p.name))
      .map((p) => ({ value: p.name, label: p.title ? `${p.title} (${p.name})` : p.name })),
  ];

  return (
    <SectionCard
      title={t('rules.title')}
      description={t('rules.description')}
      state={state}
      canWrite={canWrite}
      testId="vertical-inbound-rules"
    >
      <Form form={state.form} layout="vertical" disabled={!canWrite} onValuesChange={state.touch} requiredMark={false}>
        <Form.List name="rules">
          {(rows, { add, remove }) => (
            <Flex vertical gap={10}>
              {rows.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('rules.empty')} style={{ margin: '8px 0' }} />
              ) : null}
              {rows.map((row, index) => (
                <RuleEditor
                  key={row.key}
                  form={state.form}
                  name={row.name}
                  index={index}
                  fields={fields}
                  canWrite={canWrite}
                  onChanged={state.touch}
                  onRemove={() => {
                    remove(index);
                    state.touch();
                  }}
                />
              ))}
              {canWrite ? (
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => {
                    add({ type: 'allowed_countries', values: [], onFail: 'invalid' } satisfies RuleRow);
                    state.touch();
                  }}
                  disabled={rows.length >= 100}
                  style={{ alignSelf: 'flex-start' }}
                  data-testid="rule-add"
                >
                  {t('rules.add')}
                </Button>
              ) : null}
            </Flex>
          )}
        </Form.List>
      </Form>
    </SectionCard>
  );
}
