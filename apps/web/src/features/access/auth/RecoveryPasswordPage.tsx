/** /login/recoveryPassword: ask for a link to set a new password; resend after a countdown (product §2). */
import { ArrowLeftOutlined, MailOutlined, SendOutlined } from '@ant-design/icons';
import { recoveryBody } from '@leadgrid/shared/access/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { authApi } from '../../../api/auth';
import { AuthCard } from '../../../components/AuthCard';
import { ConfigGate } from './ConfigGate';
import { Alert, applyServerErrors, Button, Field, required, TextInput, useAuthForm, zodCheck } from './kit';
import { useCountdown } from './useCountdown';

export const RESEND_SECONDS = 60;

export default function RecoveryPasswordPage() {
  const { t } = useTranslation();
  const form = useAuthForm<{ email: string }>({
    email: { rules: [required('change'), zodCheck(recoveryBody.shape.email, 'blur')], triggers: ['change', 'blur'] },
  });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const { left, start } = useCountdown();

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
                <Alert type="success" title={t('auth.recovery.sentTitle')} description={t('auth.recovery.sentText', { email: sentTo })} />
                <Button
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
              <form noValidate onSubmit={form.submit((v) => void send(v.email))}>
                <Field form={form} name="email" label={t('auth.email')}>
                  {(control) => (
                    <TextInput control={control} prefix={<MailOutlined />} autoComplete="email" placeholder="name@company.com" autoFocus />
                  )}
                </Field>
                <Button type="submit" variant="primary" block loading={submitting}>
                  {t('auth.recovery.send')}
                </Button>
              </form>
            )}
            <Link to="/login" className="lg-auth-back">
              <ArrowLeftOutlined /> {t('auth.backToSignIn')}
            </Link>
          </>
        )}
      </ConfigGate>
    </AuthCard>
  );
}
