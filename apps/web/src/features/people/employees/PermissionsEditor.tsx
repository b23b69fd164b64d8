/**
 * The custom permissions of one employee (product §6 "users may have custom permissions that differ from their
 * role"): the permissions of the role type grouped as on the roles screen, each one the employee holds checked,
 * and the differences from the role highlighted — added in green, removed struck through in red. Saving asks to
 * confirm the added and removed permissions first (the roles screen's confirmation); a list equal to the role's
 * gives the role's permissions back.
 */
import { MinusCircleFilled, PlusCircleFilled, RollbackOutlined, SafetyCertificateOutlined, SearchOutlined } from '@ant-design/icons';
import type { EmployeePermissions } from '@leadgrid/shared/people/people';
import { permissionDiff, type Permission } from '@leadgrid/shared/access/roles';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Empty,
  Flex,
  Input,
  Result,
  Row,
  Segmented,
  Skeleton,
  Tag,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { PermissionDiffModal, type PermissionChange } from '../../../components/permissions/PermissionDiffModal';
import { groupPermissions } from '../../../components/permissions/PermissionPicker';
import { useEmployeePermissions, useRole, useSetEmployeePermissions } from './api';
import { useEmployeesT } from './i18n';
import { usePermissionText } from '../../../components/permissions/titles';
import { useRoleTitle } from '../../../components/roleTitle';

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

function PermissionRow({
  p,
  held,
  inRole,
  disabled,
  onToggle,
}: {
  p: Permission;
  held: boolean;
  inRole: boolean;
  disabled: boolean;
  onToggle: (on: boolean) => void;
}) {
  const { t } = useEmployeesT();
  const { token } = theme.useToken();
  const added = held && !inRole;
  const removed = !held && inRole;
  const color = added ? token.colorSuccess : removed ? token.colorError : undefined;
  return (
    <Flex
      align="center"
      justify="space-between"
      gap={8}
      style={{
        padding: '4px 8px',
        borderRadius: token.borderRadius,
        background: added ? token.colorSuccessBg : removed ? token.colorErrorBg : undefined,
        borderInlineStart: `3px solid ${color ?? 'transparent'}`,
      }}
      data-testid={added ? 'perm-added' : removed ? 'perm-removed' : 'perm'}
    >
      <Tooltip title={p.description !== p.title ? p.description : undefined} placement="topLeft">
        <Checkbox checked={held} disabled={disabled || p.disabled} onChange={(e) => onToggle(e.target.checked)}>
          <span style={{ textDecoration: removed ? 'line-through' : undefined, color: removed ? token.colorTextSecondary : undefined }}>
            {p.title}
          </span>
        </Checkbox>
      </Tooltip>
      {added ? (
        <Tag color="success" icon={<PlusCircleFilled />} style={{ marginInlineEnd: 0, fontSize: 11 }}>
          {t('permissions.added')}
        </Tag>
      ) : removed ? (
        <Tag color="error" icon={<MinusCircleFilled />} style={{ marginInlineEnd: 0, fontSize: 11 }}>
          {t('permissions.removed')}
        </Tag>
      ) : null}
    </Flex>
  );
}

export function PermissionsEditor({
  employeeId,
  name,
  canWrite,
  self,
}: {
  employeeId: number;
  name: string;
  canWrite: boolean;
  self: boolean;
}) {
  const { t } = useEmployeesT();
  const roleTitle = useRoleTitle();
  const text = usePermissionText();
  const { modal } = App.useApp();
  const { token } = theme.useToken();
  const query = useEmployeePermissions(employeeId);
  const save = useSetEmployeePermissions();
  const data = query.data;
  const role = useRole(data?.role.type === 'admin' ? data.role.id : undefined);
  const locked = Boolean(role.data?.system && role.data.type === 'admin');
  const [draft, setDraft] = useState<string[]>([]);
  const [filter, setFilter] = useState('');
  const [view, setView] = useState<'all' | 'diff'>('all');
  const [change, setChange] = useState<PermissionChange | null>(null);

  useEffect(() => {
    if (data) setDraft(data.permissions);
  }, [data]);

  const editable = canWrite && !self && !locked;
  const inRole = useMemo(() => new Set(data?.rolePermissions ?? []), [data]);
  const held = useMemo(() => new Set(draft), [draft]);
  const diff = useMemo(() => permissionDiff(data?.rolePermissions ?? [], draft), [data, draft]);
  const dirty = data ? !sameSet(data.permissions, draft) : false;
  const groups = useMemo(() => {
    const catalogue = (data?.catalogue ?? []).filter((p) => !p.hidden || inRole.has(p.name) || held.has(p.name)).map(text);
    const needle = filter.trim().toLowerCase();
    return groupPermissions(catalogue)
      .map((g) => ({
        ...g,
        permissions: g.permissions.filter(
          (p) =>
            (view === 'all' || inRole.has(p.name) !== held.has(p.name)) &&
            (!needle || `${p.title} ${p.description} ${p.name}`.toLowerCase().includes(needle)),
        ),
      }))
      .filter((g) => g.permissions.length > 0);
  }, [data, inRole, held, filter, view, text]);

  const toggle = (nameOf: string, on: boolean) => {
    const next = new Set(draft);
    if (on) next.add(nameOf);
    else next.delete(nameOf);
    const order = (data?.catalogue ?? []).map((p) => p.name);
    setDraft([...order.filter((n) => next.has(n)), ...[...next].filter((n) => !order.includes(n))]);
  };

  const write = async (permissions: string[] | null) => {
    try {
      await save.mutateAsync({ id: employeeId, permissions });
      setChange(null);
    } catch {
      // toasted by the client (a permission the user may not grant names it)
      setChange(null);
    }
  };

  const submit = (d: EmployeePermissions) => {
    if (sameSet(d.rolePermissions, draft)) {
      modal.confirm({
        title: t('permissions.backToRoleTitle', { name }),
        content: t('permissions.backToRoleText', { role: roleTitle(d.role) }),
        okText: t('permissions.backToRole'),
        cancelText: t('actions.cancel'),
        onOk: () => write(null),
      });
      return;
    }
    setChange({ roleTitle: name, usersCount: 0, before: d.permissions, after: draft });
  };

  let body;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (query.error || !data)
    body = (
      <Result
        status="warning"
        title={t('permissions.loadFailed')}
        extra={<Button onClick={() => void query.refetch()}>{t('actions.retry')}</Button>}
      />
    );
  else
    body = (
      <Flex vertical gap={14}>
        <Flex gap={8} wrap align="center">
          <Typography.Text type="secondary">
            {t('permissions.role', { role: roleTitle(data.role), count: data.rolePermissions.length })}
          </Typography.Text>
          {diff.added.length ? (
            <Tag color="success" icon={<PlusCircleFilled />} data-testid="perm-added-count">
              {t('permissions.addedCount', { count: diff.added.length })}
            </Tag>
          ) : null}
          {diff.removed.length ? (
            <Tag color="error" icon={<MinusCircleFilled />} data-testid="perm-removed-count">
              {t('permissions.removedCount', { count: diff.removed.length })}
            </Tag>
          ) : null}
          {!diff.added.length && !diff.removed.length ? <Tag>{t('permissions.same')}</Tag> : null}
        </Flex>
        {locked ? <Alert type="info" showIcon title={t('permissions.locked', { role: roleTitle(data.role) })} /> : null}
        {self ? <Alert type="info" showIcon title={t('permissions.self')} /> : null}
        <Flex gap={8} wrap align="center">
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('permissions.filter')}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            style={{ flex: 1, minWidth: 200 }}
            aria-label={t('permissions.filter')}
          />
          <Segmented
            value={view}
            onChange={(v) => setView(v as 'all' | 'diff')}
            options={[
              { value: 'all', label: t('permissions.viewAll') },
              { value: 'diff', label: t('permissions.viewDiff') },
            ]}
          />
        </Flex>
        {groups.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={view === 'diff' ? t('permissions.noDiff') : t('permissions.nothing')} />
        ) : (
          <Flex vertical gap={10}>
            {groups.map((g) => {
              const groupTitle = t(`groups.${g.id}`, { defaultValue: g.id });
              return (
                <section
                  key={g.id}
                  aria-label={groupTitle}
                  style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG, overflow: 'hidden' }}
                >
                  <Flex justify="space-between" align="center" style={{ padding: '7px 12px', background: token.colorFillQuaternary }}>
                    <Typography.Text strong>{groupTitle}</Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {g.permissions.filter((p) => held.has(p.name)).length}/{g.permissions.length}
                    </Typography.Text>
                  </Flex>
                  <Row gutter={[8, 4]} style={{ padding: '8px 8px 10px' }}>
                    {g.permissions.map((p) => (
                      <Col xs={24} lg={12} key={p.name}>
                        <PermissionRow
                          p={p}
                          held={held.has(p.name)}
                          inRole={inRole.has(p.name)}
                          disabled={!editable}
                          onToggle={(on) => toggle(p.name, on)}
                        />
                      </Col>
                    ))}
                  </Row>
                </section>
              );
            })}
          </Flex>
        )}
        {canWrite && !self && !locked ? (
          <Flex justify="space-between" gap={8} wrap>
            <Button
              icon={<RollbackOutlined />}
              disabled={sameSet(data.rolePermissions, draft)}
              onClick={() => setDraft([...data.rolePermissions])}
              data-testid="perm-reset"
            >
              {t('permissions.resetToRole')}
            </Button>
            <Flex gap={8}>
              <Button disabled={!dirty} onClick={() => setDraft(data.permissions)}>
                {t('permissions.discard')}
              </Button>
              <Button type="primary" disabled={!dirty} loading={save.isPending} onClick={() => submit(data)} data-testid="perm-save">
                {t('permissions.save')}
              </Button>
            </Flex>
          </Flex>
        ) : null}
      </Flex>
    );

  return (
    <Card
      variant="borderless"
      title={
        <Flex align="center" gap={8}>
          <SafetyCertificateOutlined style={{ color: token.colorPrimary }} />
          {t('permissions.title')}
          {data?.hasCustomPermissions ? <Tag color="gold">{t('custom')}</Tag> : null}
        </Flex>
      }
      data-testid="permissions-editor"
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        {t('permissions.text')}
      </Typography.Paragraph>
      {body}
      <PermissionDiffModal
        change={change}
        catalogue={data?.catalogue ?? []}
        saving={save.isPending}
        onCancel={() => setChange(null)}
        onConfirm={() => void write(draft)}
      />
    </Card>
  );
}
