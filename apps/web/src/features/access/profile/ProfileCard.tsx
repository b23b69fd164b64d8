/** The account at a glance: avatar (upload, replace, remove), name, e-mail, role and the account facts. */
import { CameraOutlined, DeleteOutlined, LoadingOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { User } from '@leadgrid/shared/access/users';
import { Avatar, Button, Card, Descriptions, Divider, Flex, Tag, Tooltip, Typography, Upload, theme } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client';
import { IMAGE_ACCEPT, imageFileProblem, imageUrl, uploadImage } from '../../../api/images';
import { notify } from '../../../api/notify';
import { formatDate, formatDateTime } from '../../../components/format';
import { StatusTag } from '../../../components/StatusTag';
import { useUpdateProfile } from './api';
import { useProfileT } from './i18n';
import { useRoleTitle } from '../../../components/roleTitle';

export const initialsOf = (user: Pick<User, 'firstName' | 'lastName' | 'email'>) =>
  `${user.firstName?.[0] ?? ''}${user.lastName?.[0] ?? ''}`.toUpperCase() || user.email[0]?.toUpperCase() || '?';

export function ProfileCard({ user, timezone }: { user: User; timezone: string }) {
  const { t } = useProfileT();
  const roleTitle = useRoleTitle();
  const { token } = theme.useToken();
  const update = useUpdateProfile();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const busy = uploading || update.isPending;

  const upload = async (file: File) => {
    const local = imageFileProblem(file);
    if (local) {
      const text = t(local === 'tooLarge' ? 'about.avatar.tooLarge' : 'about.avatar.notImage');
      setProblem(text);
      notify.error(text);
      return;
    }
    setProblem(null);
    setUploading(true);
    try {
      const image = await uploadImage(file);
      await update.mutateAsync({ id: user.id, avatarImageId: image.id });
    } catch (err) {
      // the client already toasted it; the refusal also stays next to the picture (413: 'The image is larger than 10MB')
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) setProblem(err.message);
    } finally {
      setUploading(false);
    }
  };

  const remove = async () => {
    setProblem(null);
    try {
      await update.mutateAsync({ id: user.id, avatarImageId: null });
    } catch {
      // toasted by the client
    }
  };

  const isAffiliate = user.role.type === 'affiliate';

  return (
    <Card variant="borderless" styles={{ body: { padding: 24 } }}>
      <Flex vertical align="center" gap={12} style={{ textAlign: 'center' }}>
        <div style={{ position: 'relative' }}>
          <Avatar
            size={104}
            src={imageUrl(user.avatarImageId)}
            alt={name}
            style={{
              background: token.colorPrimary,
              fontSize: 36,
              fontWeight: 600,
              boxShadow: `0 0 0 4px ${token.colorBgContainer}, 0 0 0 5px ${token.colorBorderSecondary}`,
            }}
          >
            {initialsOf(user)}
          </Avatar>
          <Upload accept={IMAGE_ACCEPT} showUploadList={false} disabled={busy} beforeUpload={(file) => (void upload(file), false)}>
            <Tooltip title={t('about.avatar.change')}>
              <Button
                shape="circle"
                icon={uploading ? <LoadingOutlined /> : <CameraOutlined />}
                aria-label={t('about.avatar.change')}
                style={{ position: 'absolute', right: -2, bottom: -2, boxShadow: token.boxShadowSecondary }}
                data-testid="avatar-upload"
              />
            </Tooltip>
          </Upload>
        </div>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {name}
          </Typography.Title>
          <Typography.Text type="secondary">{user.email}</Typography.Text>
        </div>
        <Flex gap={6} wrap justify="center">
          <Tag color="purple" variant="filled" style={{ marginInlineEnd: 0 }}>
            {roleTitle(user.role)}
          </Tag>
          <StatusTag status={user.status} />
          {user.twoFactorEnabled ? (
            <Tag color="green" variant="filled" icon={<SafetyCertificateOutlined />} style={{ marginInlineEnd: 0 }}>
              {t('about.twoFactorOn')}
            </Tag>
          ) : null}
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('about.avatar.hint')}
        </Typography.Text>
        {user.avatarImageId ? (
          <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => void remove()} disabled={busy}>
            {t('about.avatar.remove')}
          </Button>
        ) : null}
        {problem ? (
          <Typography.Text type="danger" role="alert" data-testid="avatar-error">
            {problem}
          </Typography.Text>
        ) : null}
      </Flex>
      <Divider style={{ margin: '20px 0 16px' }} />
      <Descriptions
        column={1}
        size="small"
        colon={false}
        styles={{
          label: { color: token.colorTextSecondary, whiteSpace: 'nowrap' },
          content: { justifyContent: 'flex-end', textAlign: 'right' },
        }}
      >
        <Descriptions.Item label={t('about.facts.role')}>{roleTitle(user.role)}</Descriptions.Item>
        <Descriptions.Item label={t('about.facts.createdAt')}>{formatDate(user.createdAt, timezone)}</Descriptions.Item>
        <Descriptions.Item label={t('about.facts.lastActivity')}>{formatDateTime(user.lastActivityAt, timezone)}</Descriptions.Item>
        <Descriptions.Item label={t('about.facts.id')}>
          <Typography.Text copyable={{ text: user.secureId }} style={{ fontFamily: token.fontFamilyCode, fontSize: 12 }}>
            {user.secureId}
          </Typography.Text>
        </Descriptions.Item>
        {isAffiliate ? (
          <>
            <Descriptions.Item label={t('about.facts.team')}>{user.team?.title ?? t('about.facts.noTeam')}</Descriptions.Item>
            <Descriptions.Item label={t('about.facts.traffic')}>
              {user.trafficBlocked ? (
                <Tag color="error" style={{ marginInlineEnd: 0 }}>
                  {t('about.facts.trafficBlocked')}
                </Tag>
              ) : (
                <Tag color="success" style={{ marginInlineEnd: 0 }}>
                  {t('about.facts.trafficAllowed')}
                </Tag>
              )}
            </Descriptions.Item>
          </>
        ) : null}
        <Descriptions.Item label={t('about.facts.twoFactor')}>
          <Link to="/profile/security">{user.twoFactorEnabled ? t('about.facts.twoFactorOn') : t('about.facts.twoFactorOff')}</Link>
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
