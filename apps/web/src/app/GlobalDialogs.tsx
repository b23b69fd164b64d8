/**
 * The dialogs of the app-wide popups (GlobalPopups.tsx), in a chunk of their own: loaded when one first opens
 * (docs/decisions/web.md, first-load budgets). They open over the auth screens too, which load no antd theme: each
 * brings antd's (app/AntdProviders.tsx).
 */
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dismissUpdateRequired } from '../api/events';
import { AdBlockIllustration, ServerErrorIllustration } from '../components/illustrations';
import { AntdProviders } from './AntdProviders';

function ServerErrorDialogBody({ open, status, onClose }: { open: boolean; status: number | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onCancel={onClose} footer={null} centered width={440} zIndex={2100} aria-labelledby="lg-server-error-title">
      <Flex vertical align="center" gap={12} style={{ padding: '16px 8px 8px', textAlign: 'center' }}>
        <ServerErrorIllustration width={200} />
        <Typography.Title level={4} id="lg-server-error-title" style={{ margin: 0 }}>
          {status ? t('errors.server.title') : t('errors.server.noResponseTitle')}
        </Typography.Title>
        <Typography.Text type="secondary">{status ? t('errors.server.popupText') : t('errors.server.noResponseText')}</Typography.Text>
        <Button type="primary" size="large" icon={<ReloadOutlined />} onClick={() => window.location.reload()} style={{ marginTop: 8 }}>
          {t('errors.tryAgain')}
        </Button>
      </Flex>
    </Modal>
  );
}

function UpdateRequiredDialogBody({ open }: { open: boolean }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('update.title')}
      okText={t('update.reload')}
      cancelText={t('common.cancel')}
      onOk={() => window.location.reload()}
      onCancel={dismissUpdateRequired}
      centered
      width={420}
    >
      <Typography.Paragraph style={{ margin: 0 }}>{t('update.text')}</Typography.Paragraph>
    </Modal>
  );
}

function AdBlockDialogBody({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onCancel={onClose}
      centered
      width={440}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('adBlock.understood')}
        </Button>
      }
    >
      <Flex vertical align="center" gap={12} style={{ padding: '16px 8px 0', textAlign: 'center' }}>
        <AdBlockIllustration />
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('adBlock.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('adBlock.text')}</Typography.Text>
      </Flex>
    </Modal>
  );
}

export function ServerErrorDialog({ open, status, onClose }: { open: boolean; status: number | undefined; onClose: () => void }) {
  return (
    <AntdProviders>
      <ServerErrorDialogBody open={open} status={status} onClose={onClose} />
    </AntdProviders>
  );
}

export function UpdateRequiredDialog({ open }: { open: boolean }) {
  return (
    <AntdProviders>
      <UpdateRequiredDialogBody open={open} />
    </AntdProviders>
  );
}

export function AdBlockDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <AntdProviders>
      <AdBlockDialogBody open={open} onClose={onClose} />
    </AntdProviders>
  );
}
