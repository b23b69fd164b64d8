/**
 * Staff's "Test link" of a campaign (docs/decisions/engine.md, "Test clicks"): a dialog where the subs to try are
 * typed, then POST /campaigns/:id/test-link answers a signed link valid for an hour, shown with copy and open. A click
 * on it skips the country and bot checks, is marked "Test" in Clicks and is not counted in statistics.
 */
import type { CampaignTestLink } from '@leadgrid/shared/inventory/campaigns';
import { SUB_PARAMS } from '@leadgrid/shared/engine/campaign-links';
import { ExperimentOutlined, ExportOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Flex, Form, Input, Modal, Row, Typography } from 'antd';
import { useState } from 'react';
import { useSession } from '../../../app/session';
import { formatDateTime } from '../../../components/format';
import { useCampaignTestLink } from './api';
import { useCampaignsT } from './i18n';
import { TrackingLinkField } from './TrackingLink';

export function TestLinkButton({ campaignId }: { campaignId: number }) {
  const { t } = useCampaignsT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<ExperimentOutlined />} onClick={() => setOpen(true)} data-testid="campaign-test-link">
        {t('testLink.open')}
      </Button>
      {open ? <TestLinkModal campaignId={campaignId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function TestLinkModal({ campaignId, onClose }: { campaignId: number; onClose: () => void }) {
  const { t } = useCampaignsT();
  const { timezone } = useSession();
  const [form] = Form.useForm<Record<string, string>>();
  const make = useCampaignTestLink();
  const [link, setLink] = useState<CampaignTestLink | null>(null);

  const submit = async (values: Record<string, string>) => {
    const subs = Object.fromEntries(
      Object.entries(values)
        .filter(([, v]) => typeof v === 'string' && v.trim() !== '')
        .map(([k, v]) => [k, v.trim()]),
    );
    try {
      setLink(await make.mutateAsync({ id: campaignId, subs }));
    } catch {
      // the error is shown under the form
    }
  };

  return (
    <Modal
      open
      title={t('testLink.title')}
      onCancel={onClose}
      width={640}
      footer={
        <Button type="primary" loading={make.isPending} onClick={() => form.submit()} data-testid="test-link-make">
          {link ? t('testLink.again') : t('testLink.make')}
        </Button>
      }
    >
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('testLink.text')}</Typography.Text>
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false}>
          <Row gutter={12}>
            {SUB_PARAMS.map((s) => (
              <Col key={s} xs={12} sm={8}>
                <Form.Item name={s} label={s} rules={[{ max: 255 }]} style={{ marginBottom: 8 }}>
                  <Input maxLength={255} allowClear data-testid={`test-link-${s}`} />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </Form>
        {make.isError ? (
          <Alert
            type="error"
            showIcon
            title={make.error instanceof Error && make.error.message ? make.error.message : t('testLink.failed')}
          />
        ) : null}
        {link ? (
          <Flex vertical gap={8} data-testid="test-link-result">
            <TrackingLinkField url={link.url} testId="test-link-url" />
            <Flex gap={8} align="center" justify="space-between" wrap>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('testLink.expires', { time: formatDateTime(link.expiresAt, timezone) })}
              </Typography.Text>
              <Button icon={<ExportOutlined />} href={link.url} target="_blank" rel="noopener noreferrer" data-testid="test-link-open">
                {t('testLink.openLink')}
              </Button>
            </Flex>
          </Flex>
        ) : null}
      </Flex>
    </Modal>
  );
}
