/**
 * Product §6: changing a role's permissions shows the added and removed permissions for confirmation first.
 * Permissions are named by their titles (and group); a name the catalogue does not know is shown as it is.
 */
import { MinusCircleFilled, PlusCircleFilled, WarningOutlined } from '@ant-design/icons';
import { permissionDiff, type Permission } from '@leadgrid/shared/access/roles';
import { Alert, Flex, Modal, Tag, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { usePermissionText } from './titles';
import { usePermissionEditorT } from './i18n';

export interface PermissionChange {
  roleTitle: string;
  usersCount: number;
  before: readonly string[];
  after: readonly string[];
}

function DiffList({
  kind,
  names,
  byName,
  icon,
}: {
  kind: 'added' | 'removed';
  names: string[];
  byName: Map<string, Permission>;
  icon: ReactNode;
}) {
  const { t } = usePermissionEditorT();
  const text = usePermissionText();
  const { token } = theme.useToken();
  if (names.length === 0) return null;
  const color = kind === 'added' ? token.colorSuccess : token.colorError;
  return (
    <section aria-label={t(`diff.${kind}`, { count: names.length })} data-testid={`diff-${kind}`}>
      <Typography.Text strong style={{ color, display: 'block', marginBottom: 6 }}>
        {t(`diff.${kind}`, { count: names.length })}
      </Typography.Text>
      <Flex
        vertical
        style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius, maxHeight: 220, overflowY: 'auto' }}
      >
        {names.map((name, i) => {
          const p = byName.get(name);
          return (
            <Flex
              key={name}
              align="center"
              gap={10}
              style={{ padding: '7px 12px', borderTop: i ? `1px solid ${token.colorBorderSecondary}` : undefined }}
              data-testid={`diff-${kind}-item`}
            >
              <span style={{ color, display: 'inline-flex' }} aria-hidden>
                {icon}
              </span>
              <Typography.Text style={{ flex: 1 }}>{p ? text(p).title : name}</Typography.Text>
              {p ? (
                <Tag variant="filled" style={{ marginInlineEnd: 0 }}>
                  {t(`groups.${p.groupId}`, { defaultValue: p.groupId })}
                </Tag>
              ) : null}
            </Flex>
          );
        })}
      </Flex>
    </section>
  );
}

export function PermissionDiffModal({
  change,
  catalogue,
  saving,
  onConfirm,
  onCancel,
}: {
  change: PermissionChange | null;
  catalogue: readonly Permission[];
  saving: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = usePermissionEditorT();
  const byName = new Map(catalogue.map((p) => [p.name, p]));
  const diff = change ? permissionDiff(change.before, change.after) : { added: [], removed: [] };
  return (
    <Modal
      open={Boolean(change)}
      title={t('diff.title', { title: change?.roleTitle ?? '' })}
      okText={t('diff.confirm')}
      cancelText={t('diff.back')}
      onOk={onConfirm}
      onCancel={onCancel}
      confirmLoading={saving}
      width={560}
      destroyOnHidden
    >
      <Flex vertical gap={16} style={{ paddingTop: 4 }} data-testid="permission-diff-body">
        <Typography.Text type="secondary">{t('diff.text')}</Typography.Text>
        <DiffList kind="added" names={diff.added} byName={byName} icon={<PlusCircleFilled />} />
        <DiffList kind="removed" names={diff.removed} byName={byName} icon={<MinusCircleFilled />} />
        {change && change.usersCount > 0 ? (
          <Alert type="warning" showIcon icon={<WarningOutlined />} title={t('diff.users', { count: change.usersCount })} />
        ) : null}
      </Flex>
    </Modal>
  );
}
