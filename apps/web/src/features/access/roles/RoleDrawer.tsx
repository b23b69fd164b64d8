/**
 * Create, edit or view a role: title, type (fixed once created) and permissions picked from the catalogue of
 * the type. Saving an edit that changes permissions asks for confirmation with the added and removed ones.
 */
import { LockOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { isAdministrator, ROLE_TYPES, STAFF_ROLE_TYPES, type RoleType } from '@leadgrid/shared/access/permissions';
import { permissionDiff, roleCreate, type Role } from '@leadgrid/shared/access/roles';
import { Alert, Button, Drawer, Flex, Form, Input, Result, Select, Skeleton, Switch, Tag, Typography, theme } from 'antd';
import { useEffect, useState } from 'react';
import { usePermissionCatalogue, useCreateRole, useUpdateRole } from '../../../api/roles';
import { useSession } from '../../../app/session';
import { applyServerErrors, requiredRule, zodRule } from '../../../components/form';
import { useRolesT } from './i18n';
import { PermissionDiffModal, type PermissionChange } from '../../../components/permissions/PermissionDiffModal';
import { PermissionPicker } from '../../../components/permissions/PermissionPicker';
import { useRoleTitle } from '../../../components/roleTitle';

export type RoleDrawerState = { mode: 'create' } | { mode: 'edit' | 'view'; role: Role } | null;

interface Values {
  title: string;
  type: RoleType;
  permissions: string[];
  requireTwoFactor: boolean;
}

/** the admin system role holds every permission: the server refuses to take any away */
export const isLockedRole = (role: Pick<Role, 'type' | 'system'> | undefined) => Boolean(role && role.type === 'admin' && role.system);

export function RoleDrawer({ state, onClose, onSaved }: { state: RoleDrawerState; onClose: () => void; onSaved?: (role: Role) => void }) {
  const { t } = useRolesT();
  const roleTitle = useRoleTitle();
  const { token } = theme.useToken();
  const [form] = Form.useForm<Values>();
  const create = useCreateRole();
  const update = useUpdateRole();
  const role = state && state.mode !== 'create' ? state.role : undefined;
  const readOnly = state?.mode === 'view';
  const locked = isLockedRole(role);
  const type = Form.useWatch('type', form) ?? role?.type;
  const catalogue = usePermissionCatalogue(state ? type : undefined);
  const [change, setChange] = useState<PermissionChange | null>(null);
  const [dirty, setDirty] = useState(false);
  const saving = create.isPending || update.isPending;
  const { access } = useSession();
  // the two-factor policy: staff roles only, changed by an administrator only (the server checks both)
  const staffType = Boolean(type && STAFF_ROLE_TYPES.includes(type));
  const policyEditable = Boolean(access && isAdministrator(access));

  useEffect(() => {
    if (!state) return;
    setDirty(false);
    setChange(null);
    form.resetFields();
    form.setFieldsValue(
      role
        ? { title: role.title, type: role.type, permissions: [...role.permissions], requireTwoFactor: role.requireTwoFactor }
        : { title: '', type: undefined, permissions: [], requireTwoFactor: false },
    );
  }, [state, role, form]);

  const finish = (saved: Role | undefined) => {
    setChange(null);
    setDirty(false);
    if (saved) onSaved?.(saved);
    onClose();
  };

  const save = async (values: Values, confirmed = false) => {
    try {
      if (!role) {
        const [created] = (
          await create.mutateAsync({
            title: values.title.trim(),
            type: values.type,
            permissions: values.permissions,
            requireTwoFactor: STAFF_ROLE_TYPES.includes(values.type) && values.requireTwoFactor,
          })
        ).items;
        finish(created);
        return;
      }
      const diff = permissionDiff(role.permissions, values.permissions);
      const permissionsChanged = diff.added.length > 0 || diff.removed.length > 0;
      if (permissionsChanged && !confirmed) {
        setChange({ roleTitle: roleTitle(role), usersCount: role.usersCount, before: role.permissions, after: values.permissions });
        return;
      }
      const [saved] = (
        await update.mutateAsync({
          id: role.id,
          title: values.title.trim() !== role.title ? values.title.trim() : undefined,
          permissions: permissionsChanged ? values.permissions : undefined,
          requireTwoFactor: values.requireTwoFactor !== role.requireTwoFactor ? values.requireTwoFactor : undefined,
        })
      ).items;
      finish(saved);
    } catch (err) {
      setChange(null);
      applyServerErrors(form, err);
    }
  };

  const title =
    state?.mode === 'create'
      ? t('drawer.createTitle')
      : state?.mode === 'edit'
        ? t('drawer.editTitle', { title: role ? roleTitle(role) : '' })
        : t('drawer.viewTitle', { title: role ? roleTitle(role) : '' });

  return (
    <Drawer
      open={Boolean(state)}
      onClose={onClose}
      size={720}
      title={
        <Flex align="center" gap={8}>
          {title}
          {role?.system ? (
            <Tag icon={<LockOutlined />} color="blue" variant="filled">
              {t('system')}
            </Tag>
          ) : null}
        </Flex>
      }
      forceRender
      footer={
        readOnly ? (
          <Flex justify="flex-end">
            <Button onClick={onClose}>{t('drawer.close')}</Button>
          </Flex>
        ) : (
          <Flex justify="flex-end" gap={8}>
            <Button onClick={onClose} disabled={saving}>
              {t('common.cancel')}
            </Button>
            <Button
              type="primary"
              onClick={() => form.submit()}
              loading={saving}
              disabled={state?.mode === 'edit' && !dirty}
              data-testid="role-save"
            >
              {state?.mode === 'create' ? t('drawer.create') : t('drawer.save')}
            </Button>
          </Flex>
        )
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={readOnly}
        onValuesChange={(changed: Partial<Values>) => {
          setDirty(true);
          // a new role's permissions come from the catalogue of its type
          if (changed.type && !role) form.setFieldValue('permissions', []);
        }}
        onFinish={(v) => void save(v)}
        data-testid="role-form"
      >
        <Flex gap={16} wrap>
          <Form.Item
            name="title"
            label={t('fields.title')}
            rules={[requiredRule(t), zodRule(roleCreate.shape.title, t)]}
            style={{ flex: 2, minWidth: 240 }}
          >
            <Input maxLength={200} placeholder={t('fields.titlePlaceholder')} autoFocus={!readOnly} />
          </Form.Item>
          <Form.Item
            name="type"
            label={t('fields.type')}
            rules={[requiredRule(t)]}
            style={{ flex: 1, minWidth: 200 }}
            tooltip={role ? t('fields.typeFixed') : undefined}
          >
            <Select
              disabled={Boolean(role) || readOnly}
              placeholder={t('fields.typePlaceholder')}
              options={ROLE_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
              data-testid="role-type"
            />
          </Form.Item>
        </Flex>
        {staffType ? (
          <Form.Item
            name="requireTwoFactor"
            label={t('fields.requireTwoFactor')}
            valuePropName="checked"
            extra={
              policyEditable
                ? t('fields.requireTwoFactorHint')
                : `${t('fields.requireTwoFactorHint')} ${t('fields.requireTwoFactorAdminOnly')}`
            }
            layout="horizontal"
          >
            <Switch disabled={readOnly || !policyEditable} data-testid="role-require-2fa" />
          </Form.Item>
        ) : null}
        {locked ? (
          <Alert
            type="info"
            showIcon
            title={t('drawer.lockedAdmin', { title: role ? roleTitle(role) : '' })}
            style={{ marginBottom: 16 }}
          />
        ) : null}
        <Form.Item label={t('fields.permissions')} required={false} style={{ marginBottom: 0 }}>
          {!type ? (
            <Flex
              vertical
              align="center"
              gap={8}
              style={{
                padding: '40px 16px',
                border: `1px dashed ${token.colorBorder}`,
                borderRadius: token.borderRadiusLG,
                textAlign: 'center',
              }}
            >
              <SafetyCertificateOutlined style={{ fontSize: 28, color: token.colorTextQuaternary }} />
              <Typography.Text type="secondary">{t('drawer.pickTypeFirst')}</Typography.Text>
            </Flex>
          ) : catalogue.isPending ? (
            <Skeleton active paragraph={{ rows: 8 }} />
          ) : catalogue.error ? (
            <Result
              status="warning"
              title={t('drawer.catalogueFailed')}
              extra={<Button onClick={() => void catalogue.refetch()}>{t('table.retry')}</Button>}
            />
          ) : (
            <Form.Item name="permissions" noStyle>
              <PermissionPicker catalogue={catalogue.data ?? []} disabled={readOnly || locked} />
            </Form.Item>
          )}
        </Form.Item>
      </Form>
      <PermissionDiffModal
        change={change}
        catalogue={catalogue.data ?? []}
        saving={update.isPending}
        onCancel={() => setChange(null)}
        onConfirm={() => void save(form.getFieldsValue(true) as Values, true)}
      />
    </Drawer>
  );
}
