/**
 * Permissions of a role as checkbox groups (by `groupId`, in catalogue order) with select-all per group and a
 * filter. Permissions the role holds that the catalogue does not list (hidden ones) are kept untouched.
 */
import { SearchOutlined } from '@ant-design/icons';
import type { Permission } from '@leadgrid/shared/access/roles';
import { Button, Checkbox, Col, Empty, Flex, Input, Row, Tooltip, Typography, theme } from 'antd';
import { useMemo, useState } from 'react';
import { usePermissionText } from './titles';
import { usePermissionEditorT } from './i18n';

export interface PermissionGroup {
  id: string;
  permissions: Permission[];
}

export function groupPermissions(catalogue: readonly Permission[]): PermissionGroup[] {
  const groups = new Map<string, Permission[]>();
  for (const p of catalogue) groups.set(p.groupId, [...(groups.get(p.groupId) ?? []), p]);
  return [...groups].map(([id, permissions]) => ({ id, permissions }));
}

export function PermissionPicker({
  catalogue,
  value = [],
  onChange,
  disabled = false,
}: {
  catalogue: readonly Permission[];
  value?: string[];
  onChange?: (next: string[]) => void;
  disabled?: boolean;
}) {
  const { t } = usePermissionEditorT();
  const { token } = theme.useToken();
  const [filter, setFilter] = useState('');
  const held = useMemo(() => new Set(value), [value]);
  const text = usePermissionText();
  const groups = useMemo(() => groupPermissions(catalogue.map(text)), [catalogue, text]);
  const needle = filter.trim().toLowerCase();
  const shown = useMemo(
    () =>
      groups
        .map((g) => ({
          ...g,
          permissions: needle
            ? g.permissions.filter((p) =>
                `${p.title} ${p.description} ${p.name} ${t(`groups.${g.id}`, { defaultValue: g.id })}`.toLowerCase().includes(needle),
              )
            : g.permissions,
        }))
        .filter((g) => g.permissions.length > 0),
    [groups, needle, t],
  );

  const set = (names: string[], on: boolean) => {
    const next = new Set(held);
    names.forEach((n) => (on ? next.add(n) : next.delete(n)));
    // keep the catalogue's order, then anything the catalogue does not list
    const order = catalogue.map((p) => p.name);
    onChange?.([...order.filter((n) => next.has(n)), ...[...next].filter((n) => !order.includes(n))]);
  };
  const selectable = (list: Permission[]) => list.filter((p) => !p.disabled).map((p) => p.name);
  const total = catalogue.length;
  const chosen = catalogue.filter((p) => held.has(p.name)).length;

  return (
    <Flex vertical gap={12} data-testid="permission-picker">
      <Flex gap={8} align="center" wrap>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('picker.filter')}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          style={{ flex: 1, minWidth: 200 }}
          aria-label={t('picker.filter')}
        />
        <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }} data-testid="permission-count">
          {t('picker.selected', { count: chosen, total })}
        </Typography.Text>
        <Button size="small" onClick={() => set(selectable(catalogue as Permission[]), true)} disabled={disabled || chosen === total}>
          {t('picker.all')}
        </Button>
        <Button size="small" onClick={() => set(selectable(catalogue as Permission[]), false)} disabled={disabled || chosen === 0}>
          {t('picker.none')}
        </Button>
      </Flex>
      {shown.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('picker.nothing')} /> : null}
      {shown.map((group) => {
        const names = selectable(group.permissions);
        const on = group.permissions.filter((p) => held.has(p.name)).length;
        const groupTitle = t(`groups.${group.id}`, { defaultValue: group.id });
        return (
          <section
            key={group.id}
            style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG, overflow: 'hidden' }}
            aria-label={groupTitle}
            data-testid={`permission-group-${group.id}`}
          >
            <Flex align="center" justify="space-between" style={{ padding: '8px 14px', background: token.colorFillQuaternary }}>
              <Checkbox
                checked={on > 0 && on === group.permissions.length}
                indeterminate={on > 0 && on < group.permissions.length}
                disabled={disabled || names.length === 0}
                onChange={(e) => set(names, e.target.checked)}
                aria-label={t('picker.selectGroup', { group: groupTitle })}
              >
                <Typography.Text strong>{groupTitle}</Typography.Text>
              </Checkbox>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {on}/{group.permissions.length}
              </Typography.Text>
            </Flex>
            <Row gutter={[12, 6]} style={{ padding: '10px 14px 12px' }}>
              {group.permissions.map((p) => (
                <Col xs={24} sm={12} key={p.name}>
                  <Tooltip title={p.description !== p.title ? p.description : undefined} placement="topLeft">
                    <Checkbox
                      checked={held.has(p.name)}
                      disabled={disabled || p.disabled}
                      onChange={(e) => set([p.name], e.target.checked)}
                    >
                      {p.title}
                    </Checkbox>
                  </Tooltip>
                </Col>
              ))}
            </Row>
          </section>
        );
      })}
    </Flex>
  );
}
