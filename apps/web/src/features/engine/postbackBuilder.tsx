/**
 * The postback URL builder parts shared by the global postback (settings) and the affiliate and team postbacks
 * (features/engine/postbacks): the macro reference table, macro chips inserting `{macro}` at the cursor, the macros found
 * in a URL, the insertion of a chip's macro into the URL field, and the event checkboxes grouped as product §3 says. Texts live in the `globalPostback` namespace.
 */
import { findMacros, MACROS, MACRO_NAMES, macroToken, type MacroDef } from '@leadgrid/shared/engine/macros';
import { POSTBACK_EVENT_GROUPS, type PostbackEvent } from '@leadgrid/shared/engine/postbacks';
import { Button, Checkbox, Col, Flex, Row, Table, Tag, Tooltip, Typography, theme, type FormInstance, type InputRef } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { mono } from '../../components/format';
import { NS } from './postbackI18n';

export { mono };

const GROUP_ORDER: MacroDef['group'][] = ['click', 'lead', 'conversion', 'offer', 'partner', 'event'];
/** the macros a URL for this audience may carry: affiliate-side URLs never carry staff-only ones */
export const macrosFor = (audience: 'staff' | 'affiliate') => MACROS.filter((m) => audience === 'staff' || !m.staffOnly);

/** The macro reference; `compact` (a side column) leaves out the group and lets descriptions wrap. */
export function MacroTable({ audience, compact = false }: { audience: 'staff' | 'affiliate'; compact?: boolean }) {
  const { t } = useTranslation(NS);
  const rows = macrosFor(audience);
  return (
    <Table<MacroDef>
      rowKey="name"
      size="small"
      pagination={false}
      dataSource={[...rows]}
      scroll={compact ? undefined : { x: 'max-content' }}
      data-testid="macro-table"
      columns={[
        {
          key: 'name',
          title: t('macros.macro'),
          render: (_, m) => (
            <Typography.Text code copyable={{ text: macroToken(m.name) }} style={{ whiteSpace: 'nowrap' }}>
              {macroToken(m.name)}
            </Typography.Text>
          ),
        },
        {
          key: 'description',
          title: t('macros.description'),
          render: (_, m) => (
            <Flex gap={8} align="center" wrap>
              <span>{t(`macros.descriptions.${m.name}`, { defaultValue: m.description })}</span>
              {audience === 'staff' && m.staffOnly ? (
                <Tooltip title={t('macros.staffOnlyHint')}>
                  <Tag color="gold" style={{ marginInlineEnd: 0 }}>
                    {t('macros.staffOnly')}
                  </Tag>
                </Tooltip>
              ) : null}
            </Flex>
          ),
        },
        ...(compact
          ? []
          : [{ key: 'group', title: t('macros.group'), render: (_: unknown, m: MacroDef) => t(`macros.groups.${m.group}`) }]),
      ]}
    />
  );
}

/** Chips that insert `{macro}` where the cursor is in the URL field. */
export function MacroChips({
  onInsert,
  disabled,
  audience = 'staff',
}: {
  onInsert: (name: string) => void;
  disabled?: boolean;
  audience?: 'staff' | 'affiliate';
}) {
  const { t } = useTranslation(NS);
  return (
    <Flex vertical gap={6}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('insertMacro')}
      </Typography.Text>
      <Flex gap={6} wrap>
        {GROUP_ORDER.flatMap((g) => macrosFor(audience).filter((m) => m.group === g)).map((m) => (
          <Tooltip key={m.name} title={t(`macros.descriptions.${m.name}`, { defaultValue: m.description })} mouseEnterDelay={0.4}>
            <Button
              size="small"
              disabled={disabled}
              onClick={() => onInsert(m.name)}
              style={{ ...mono, fontSize: 12 }}
              data-testid={`gp-macro-${m.name}`}
            >
              {macroToken(m.name)}
            </Button>
          </Tooltip>
        ))}
      </Flex>
    </Flex>
  );
}

export function EventsField({
  value = [],
  onChange,
  disabled,
}: {
  value?: PostbackEvent[];
  onChange?: (v: PostbackEvent[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation(NS);
  const { token } = theme.useToken();
  const set = (events: PostbackEvent[]) => onChange?.(events);
  return (
    <Row gutter={[12, 12]}>
      {(Object.keys(POSTBACK_EVENT_GROUPS) as (keyof typeof POSTBACK_EVENT_GROUPS)[]).map((group) => {
        const events = POSTBACK_EVENT_GROUPS[group];
        const chosen = events.filter((e) => value.includes(e));
        const allOn = chosen.length === events.length;
        return (
          <Col key={group} xs={24} md={8}>
            <Flex
              vertical
              gap={8}
              style={{ padding: 12, height: '100%', borderRadius: token.borderRadiusLG, border: `1px solid ${token.colorBorderSecondary}` }}
            >
              <Checkbox
                checked={allOn}
                indeterminate={chosen.length > 0 && !allOn}
                disabled={disabled}
                onChange={(e) => set(e.target.checked ? [...new Set([...value, ...events])] : value.filter((x) => !events.includes(x)))}
              >
                <Typography.Text strong>{t(`groups.${group}`)}</Typography.Text>
              </Checkbox>
              <Flex vertical gap={6} style={{ paddingInlineStart: 24 }}>
                {events.map((e) => (
                  <Checkbox
                    key={e}
                    checked={value.includes(e)}
                    disabled={disabled}
                    onChange={(ev) => set(ev.target.checked ? [...value, e] : value.filter((x) => x !== e))}
                    data-testid={`gp-event-${e}`}
                  >
                    {t(`events.${e}`)}
                  </Checkbox>
                ))}
              </Flex>
            </Flex>
          </Col>
        );
      })}
    </Row>
  );
}

export function MacrosFound({ url }: { url: string }) {
  const { t } = useTranslation(NS);
  const names = findMacros(url ?? '');
  if (!names.length) return null;
  return (
    <Flex gap={6} wrap align="center" data-testid="gp-found-macros">
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('foundMacros')}:
      </Typography.Text>
      {names.map((n) => (
        <Tag key={n} color={MACRO_NAMES.has(n) ? 'green' : 'red'} style={{ ...mono, marginInlineEnd: 0 }}>
          {macroToken(n)}
        </Tag>
      ))}
    </Flex>
  );
}

/** A chip's `{macro}` into the form's URL field at the cursor (replacing the selection), the field checked again and
 * the cursor put after it; `touched` marks the form changed. `urlRef` goes on the URL input. */
export function useMacroInsert(form: FormInstance, touched: () => void) {
  const urlRef = useRef<InputRef>(null);
  const insert = (name: string) => {
    const input = urlRef.current?.input;
    const current: string = form.getFieldValue('url') ?? '';
    const start = input?.selectionStart ?? current.length;
    const end = input?.selectionEnd ?? current.length;
    const token = macroToken(name);
    form.setFieldValue('url', current.slice(0, start) + token + current.slice(end));
    touched();
    void form.validateFields(['url']).catch(() => undefined);
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(start + token.length, start + token.length);
    });
  };
  return { urlRef, insert };
}
