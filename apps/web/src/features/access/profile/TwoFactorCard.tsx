/**
 * Two-factor authentication (product §5, §8): turn on with POST /auth/2fa/setup (a QR code and the secret to type by
 * hand) then POST /auth/2fa/enable {code}; turn off with POST /auth/2fa/disable {code}. A wrong code reads
 * 'Invalid code, please try again' on the code field.
 */
import { CheckCircleFilled, LockOutlined, QrcodeOutlined, SafetyCertificateOutlined, StopOutlined } from '@ant-design/icons';
import { twoFactorCodeBody } from '@leadgrid/shared/access/auth';
import { Alert, Button, Card, Col, Flex, Form, Input, Row, Tag, Typography, theme } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { applyServerErrors } from '../../../components/form';
import { securityApi, type TwoFactorSetup } from './api';
import { CopyButton } from '../../../components/CopyButton';
import { useProfileT } from './i18n';

type Step = 'idle' | 'setup' | 'disable';

/** the secret in groups of four, easier to type */
export const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

export function TwoFactorCard({ enabled, onChanged }: { enabled: boolean; onChanged: () => Promise<void> | void }) {
  const { t } = useProfileT();
  const { token } = theme.useToken();
  const [form] = Form.useForm<{ code: string }>();
  const [step, setStep] = useState<Step>('idle');
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setBusy(true);
    try {
      setSetup(await securityApi.setupTwoFactor());
      setStep('setup');
    } catch {
      // toasted by the client (409 when it is already on)
    } finally {
      setBusy(false);
    }
  };

  const cancel = () => {
    setStep('idle');
    setSetup(null);
    form.resetFields();
  };

  const submit = async ({ code }: { code: string }) => {
    setBusy(true);
    try {
      if (step === 'setup') await securityApi.enableTwoFactor(code);
      else await securityApi.disableTwoFactor(code);
      cancel();
      await onChanged();
    } catch (err) {
      const onCode = err instanceof ApiError && err.errors.some((e) => e.loc[e.loc.length - 1] === 'code');
      if (onCode) form.setFields([{ name: 'code', errors: [t('auth.invalidCode')] }]);
      else applyServerErrors(form, err);
    } finally {
      setBusy(false);
    }
  };

  const codeField = (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} data-testid="two-factor-form">
      <Form.Item
        name="code"
        label={t('security.twoFactor.code')}
        rules={[
          {
            // the code field reports nothing until all six cells are filled: an incomplete code reads as missing
            validator: async (_r, value) => {
              if (!value) throw new Error(t('security.twoFactor.enterCode'));
              if (!twoFactorCodeBody.shape.code.safeParse(value).success) throw new Error(t('auth.invalidCode'));
            },
          },
        ]}
      >
        <Input.OTP length={6} formatter={(v) => v.replace(/\D/g, '')} autoFocus aria-label={t('security.twoFactor.code')} />
      </Form.Item>
      <Flex gap={8}>
        <Button
          type="primary"
          htmlType="submit"
          loading={busy}
          danger={step === 'disable'}
          icon={step === 'disable' ? <StopOutlined /> : <SafetyCertificateOutlined />}
          data-testid="two-factor-submit"
        >
          {step === 'disable' ? t('security.twoFactor.turnOff') : t('security.twoFactor.turnOn')}
        </Button>
        <Button onClick={cancel} disabled={busy}>
          {t('common.cancel')}
        </Button>
      </Flex>
    </Form>
  );

  const status = enabled ? (
    <Tag color="success" variant="filled" icon={<CheckCircleFilled />} style={{ marginInlineEnd: 0 }}>
      {t('security.twoFactor.on')}
    </Tag>
  ) : (
    <Tag variant="filled" style={{ marginInlineEnd: 0 }}>
      {t('security.twoFactor.off')}
    </Tag>
  );

  return (
    <Card variant="borderless" title={t('security.twoFactor.title')} extra={status} data-testid="two-factor-card">
      {step === 'idle' ? (
        <Flex vertical gap={16} align="flex-start">
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {enabled ? t('security.twoFactor.enabledText') : t('security.twoFactor.disabledText')}
          </Typography.Paragraph>
          {enabled ? (
            <Button danger icon={<StopOutlined />} onClick={() => setStep('disable')}>
              {t('security.twoFactor.turnOff')}
            </Button>
          ) : (
            <Button type="primary" icon={<QrcodeOutlined />} onClick={() => void start()} loading={busy} data-testid="two-factor-start">
              {t('security.twoFactor.setUp')}
            </Button>
          )}
        </Flex>
      ) : null}

      {step === 'setup' && setup ? (
        <Row gutter={[32, 20]} data-testid="two-factor-setup">
          <Col xs={24} md={10} xl={9}>
            <Flex vertical align="center" gap={10}>
              <div
                style={{
                  background: '#fff',
                  padding: 12,
                  borderRadius: token.borderRadiusLG,
                  border: `1px solid ${token.colorBorderSecondary}`,
                  lineHeight: 0,
                }}
              >
                <img src={setup.qrCode} alt={t('security.twoFactor.qrAlt')} width={196} height={196} data-testid="two-factor-qr" />
              </div>
              <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
                {t('security.twoFactor.apps')}
              </Typography.Text>
            </Flex>
          </Col>
          <Col xs={24} md={14} xl={15}>
            <Flex vertical gap={16}>
              <div>
                <Typography.Text strong>{t('security.twoFactor.step1')}</Typography.Text>
                <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
                  {t('security.twoFactor.step1Text')}
                </Typography.Paragraph>
              </div>
              <div>
                <Typography.Text strong>{t('security.twoFactor.step2')}</Typography.Text>
                <Flex gap={8} align="center" style={{ marginTop: 6 }}>
                  <Input
                    readOnly
                    value={groupSecret(setup.secret)}
                    prefix={<LockOutlined />}
                    style={{ fontFamily: token.fontFamilyCode, letterSpacing: '0.06em', maxWidth: 360 }}
                    aria-label={t('security.twoFactor.secret')}
                    data-testid="two-factor-secret"
                  />
                  <CopyButton text={setup.secret} />
                </Flex>
              </div>
              <div>
                <Typography.Text strong>{t('security.twoFactor.step3')}</Typography.Text>
                <div style={{ marginTop: 6 }}>{codeField}</div>
              </div>
            </Flex>
          </Col>
        </Row>
      ) : null}

      {step === 'disable' ? (
        <Flex vertical gap={16}>
          <Alert type="warning" showIcon title={t('security.twoFactor.disableWarning')} />
          <div style={{ maxWidth: 420 }}>{codeField}</div>
        </Flex>
      ) : null}
    </Card>
  );
}
