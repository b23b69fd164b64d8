/** App-wide popups: server error (spec §8), front-end update (spec §4) and ad blocker (spec §4). */
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Modal, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dismissUpdateRequired, serverErrorStore, updateRequiredStore } from '../api/events';
import { useStore } from '../api/store';
import { AdBlockIllustration, ServerErrorIllustration } from '../components/illustrations';

export function ServerErrorModal() {
  const { t } = useTranslation();
  const error = useStore(serverErrorStore);
  return (
    <Modal
      open={Boolean(error)}
      onCancel={() => serverErrorStore.set(null)}
      footer={null}
      centered
      width={440}
      zIndex={2100}
      aria-labelledby="lg-server-error-title"
    >
      <Flex vertical align="center" gap={12} style={{ padding: '16px 8px 8px', textAlign: 'center' }}>
        <ServerErrorIllustration width={200} />
        <Typography.Title level={4} id="lg-server-error-title" style={{ margin: 0 }}>
          {error?.status ? t('errors.server.title') : t('errors.server.noResponseTitle')}
        </Typography.Title>
        <Typography.Text type="secondary">{error?.status ? t('errors.server.popupText') : t('errors.server.noResponseText')}</Typography.Text>
        <Button type="primary" size="large" icon={<ReloadOutlined />} onClick={() => window.location.reload()} style={{ marginTop: 8 }}>
          {t('errors.tryAgain')}
        </Button>
      </Flex>
    </Modal>
  );
}

export function UpdateRequiredModal() {
  const { t } = useTranslation();
  const open = useStore(updateRequiredStore);
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

const AD_NOTICE_KEY = 'lg_adblock_notice';

/** A bait element that ad blockers hide; when it is hidden, a popup asks to allow this site. */
export function AdBlockDetector() {
  const { t } = useTranslation();
  const bait = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (sessionStorage.getItem(AD_NOTICE_KEY)) return;
    const timer = window.setTimeout(() => {
      const el = bait.current;
      if (!el) return;
      const style = window.getComputedStyle(el);
      const hidden = !el.isConnected || el.offsetHeight === 0 || style.display === 'none' || style.visibility === 'hidden';
      if (hidden) setOpen(true);
    }, 1500);
    return () => window.clearTimeout(timer);
  }, []);
  const close = () => {
    sessionStorage.setItem(AD_NOTICE_KEY, '1');
    setOpen(false);
  };
  return (
    <>
      <div ref={bait} className="lg-ad-bait adsbox ad-banner ad-placement pub_300x250 textads banner-ads" aria-hidden="true">
        &nbsp;
      </div>
      <Modal open={open} onCancel={close} centered width={440} footer={<Button type="primary" onClick={close}>{t('adBlock.understood')}</Button>}>
        <Flex vertical align="center" gap={12} style={{ padding: '16px 8px 0', textAlign: 'center' }}>
          <AdBlockIllustration />
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('adBlock.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('adBlock.text')}</Typography.Text>
        </Flex>
      </Modal>
    </>
  );
}
