/** /login/recoveryPassword: ask for a link to set a new password; resend after a countdown (spec §2). */
import { ArrowLeftOutlined, MailOutlined, SendOutlined } from '@ant-design/icons';
import { recoveryBody } from '@leadgrid/shared/schemas/auth';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { authApi } from '../../api/auth';
import { AuthCard } from '../../components/AuthCard';
import { applyServerErrors, requiredRule, useRevalidateOnLanguageChange, zodRule } from '../../components/form';
import { ConfigGate } from './ConfigGate';
import { useCountdown } from './useCountdown';

export const RESEND_SECONDS = 60;

export default function RecoveryPasswordPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ email: string }>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const { left, start } = useCountdown();
  useRevalidateOnLanguageChange(form);

  const send = async (email: string) => {
    setSubmitting(true);
    try {
      await authApi.passwordRecovery({ email });
      setSentTo(email);
      start(RESEND_SECONDS);
    } catch (err) {
      applyServerErrors(form, err);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title={t('auth.recovery.title')} subtitle={sentTo ? undefined : t('auth.recovery.subtitle')}>
      <ConfigGate>
        {() => (
          <>
            {sentTo ? (
              <>
                <Alert type="success" showIcon title={t('auth.recovery.sentTitle')} description={t('auth.recovery.sentText', { email: sentTo })} />
                <Button
                  size="large"
                  block
                  style={{ marginTop: 20 }}
                  icon={<SendOutlined />}
                  disabled={left > 0}
                  loading={submitting}
                  onClick={() => void send(sentTo)}
                  data-testid="resend"
                >
                  {left > 0 ? t('auth.recovery.resendIn', { seconds: left }) : t('auth.recovery.resend')}
                </Button>
              </>
            ) : (
              <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void send(v.email)}>
                <Form.Item name="email" label={t('auth.email')} rules={[requiredRule(t, 'onChange'), zodRule(recoveryBody.shape.email, t, 'onBlur')]} validateTrigger={['onChange', 'onBlur']}>
                  <Input size="large" prefix={<MailOutlined />} autoComplete="email" placeholder="name@company.com" autoFocus />
                </Form.Item>
                <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
                  {t('auth.recovery.send')}
                </Button>
              </Form>
            )}
            <Link to="/login" style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 6, marginTop: 20 }}>
              <ArrowLeftOutlined /> {t('auth.backToSignIn')}
            </Link>
          </>
        )}
      </ConfigGate>
    </AuthCard>
  );
}
