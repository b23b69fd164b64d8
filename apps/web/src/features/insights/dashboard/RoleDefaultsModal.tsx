/**
 * "Save as default for a role…" (role.update; docs/decisions/insights.md "Dashboard: role defaults"): the user's
 * dashboard as it is now becomes the default that new users of the chosen role start from; the roles that have a
 * default are listed, each removable. Affiliate roles are not offered: affiliates have no dashboard.
 */
import { DeleteOutlined } from '@ant-design/icons';
import { mayHaveDashboardDefault, type DashboardRoleDefault } from '@leadgrid/shared/insights/dashboard';
import { Alert, App, Button, Divider, Empty, Flex, Form, Modal, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useRoles } from '../../../api/roles';
import { formatDateTime } from '../../../components/format';
import { useRoleDefaultMutations, useRoleDefaults } from './api';
import { useDashboardT } from './i18n';

interface Props {
  open: boolean;
  tz: string;
  onClose: () => void;
}

const ALL_ROLES = { orderBy: 'title:asc', limit: 1000 };

export function RoleDefaultsModal({ open, tz, onClose }: Props) {
  const { t } = useDashboardT();
  const { modal } = App.useApp();
  const [roleId, setRoleId] = useState<number | undefined>();
  const roles = useRoles(ALL_ROLES);
  const defaults = useRoleDefaults(open);
  const m = useRoleDefaultMutations();

  const options = (roles.data?.items ?? [])
    .filter((r) => mayHaveDashboardDefault(r.type))
    .map((r) => ({ value: r.id, label: `${r.title} · ${t(`roleTypes.${r.type}`)}` }));
  const hasDefault = (id: number | undefined) => !!defaults.data?.some((d) => d.roleId === id);

  const save = () => {
    if (roleId === undefined) return;
    // a refusal (a widget its users may not see) is toasted by the client with the widget named
    m.save.mutate(roleId, { onSuccess: () => setRoleId(undefined) });
  };

  const remove = (d: DashboardRoleDefault) =>
    modal.confirm({
      title: t('roleDefaults.removeConfirm', { role: d.roleTitle }),
      okText: t('roleDefaults.remove'),
      okButtonProps: { danger: true, ...({ 'data-testid': 'role-default-remove-ok' } as Record<string, string>) },
      cancelText: t('form.cancel'),
      onOk: () => m.remove.mutateAsync(d.roleId).catch(() => undefined),
    });

  return (
    <Modal
      open={open}
      title={t('roleDefaults.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={<Button onClick={onClose}>{t('roleDefaults.close')}</Button>}
      data-testid="role-defaults-modal"
    >
      <Typography.Paragraph type="secondary">{t('roleDefaults.intro')}</Typography.Paragraph>
      <Form layout="vertical" onFinish={save}>
        <Form.Item label={t('roleDefaults.role')} required>
          <Flex gap={8}>
            <Select
              showSearch
              optionFilterProp="label"
              style={{ flex: 1 }}
              placeholder={t('roleDefaults.rolePlaceholder')}
              loading={roles.isLoading}
              options={options}
              value={roleId}
              onChange={setRoleId}
              data-testid="role-default-role"
            />
            <Button
              type="primary"
              htmlType="submit"
              disabled={roleId === undefined}
              loading={m.save.isPending}
              data-testid="role-default-save"
            >
              {t('roleDefaults.save')}
            </Button>
          </Flex>
        </Form.Item>
        {hasDefault(roleId) ? <Alert type="warning" showIcon title={t('roleDefaults.replaces')} style={{ marginBottom: 16 }} /> : null}
      </Form>
      <Divider titlePlacement="start" plain>
        {t('roleDefaults.existing')}
      </Divider>
      {defaults.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : !defaults.data?.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('roleDefaults.none')} />
      ) : (
        <Flex vertical gap={4} role="list">
          {defaults.data.map((d) => (
            <Flex key={d.roleId} role="listitem" align="center" gap={8} data-testid={`role-default-${d.roleId}`}>
              <Flex vertical style={{ flex: 1, minWidth: 0 }}>
                <Typography.Text strong ellipsis>
                  {d.roleTitle} · {t(`roleTypes.${d.roleType}`)}
                </Typography.Text>
                <Typography.Text type="secondary">
                  {t('roleDefaults.widgets', { count: d.widgetsCount })},{' '}
                  {t('roleDefaults.saved', { date: formatDateTime(d.updatedAt, tz) })}
                </Typography.Text>
              </Flex>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`${t('roleDefaults.remove')}: ${d.roleTitle}`}
                onClick={() => remove(d)}
                data-testid={`role-default-remove-${d.roleId}`}
              />
            </Flex>
          ))}
        </Flex>
      )}
    </Modal>
  );
}
