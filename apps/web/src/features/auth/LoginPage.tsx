/** /login: e-mail and password, then the 6-digit code when the account has two-factor authentication. */
import { ArrowLeftOutlined, LockOutlined, MailOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { loginBody } from '@leadgrid/shared/schemas/auth';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { authApi } from '../../api/auth';
import { ApiError } from '../../api/client';
import { useSystemName } from '../../api/settings';
import { useSession } from '../../app/session';
import { AuthCard } from '../../components/AuthCard';
import { applyServerErrors, requiredRule, useRevalidateOnLanguageChange, zodRule } from '../../components/form';
import { ConfigGate } from './ConfigGate';

interface Credentials {
  email: string;
  password: string;
}

/** The second step: the same sign-in call again, with the code (spec §5: a wrong code reads 'Invalid code, please try again'). */
function TwoFactorStep({ credentials, onBack }: { credentials: Credentials; onBack: () => void }) {
  const { t } = useTranslation();
  const { signIn } = useSession();
  const [form] = Form.useForm<{ code: string }>();
  const [submitting, setSubmitting] = useState(false);
  useRevalidateOnLanguageChange(form);

  const verify = async (code: string) => {
    setSubmitting(true);
    try {
      const answer = await authApi.login({ ...credentials, code });
      if ('token' in answer) await signIn(answer);
    } catch (err) {
      const onCode = err instanceof ApiError && err.errors.some((e) => e.loc[e.loc.length - 1] === 'code');
      if (onCode) form.setFields([{ name: 'code', errors: [t('auth.invalidCode')] }]);
      else applyServerErrors(form, err);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title={t('auth.twoFactor.title')} subtitle={t('auth.twoFactor.subtitle')}>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void verify(v.code)} data-testid="two-factor-form">
        <Form.Item
          name="code"
          label={t('auth.twoFactor.code')}
          rules={[
            requiredRule(t),
            {
              validator: async (_r, value) => {
                if (value && !loginBody.shape.code.safeParse(value).success) throw new Error(t('auth.invalidCode'));
              },
            },
          ]}
        >
          <Input.OTP length={6} size="large" formatter={(v) => v.replace(/\D/g, '')} autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={submitting} icon={<SafetyCertificateOutlined />}>
          {t('auth.twoFactor.verify')}
        </Button>
        <Button type="link" block icon={<ArrowLeftOutlined />} onClick={onBack} style={{ marginTop: 8 }}>
          {t('auth.backToSignIn')}
        </Button>
      </Form>
    </AuthCard>
  );
}

export default function LoginPage() {
  const { t } = useTranslation();
  const name = useSystemName();
  const { signIn } = useSession();
  const [form] = Form.useForm<Credentials>();
  const [pending, setPending] = useState<Credentials | null>(null);
  const [submitting, setSubmitting] = useState(false);
  useRevalidateOnLanguageChange(form);

  const submit = async (credentials: Credentials) => {
    setSubmitting(true);
    try {
      const answer = await authApi.login(credentials);
      if ('twoFactorRequired' in answer) setPending(credentials);
      else await signIn(answer);
    } catch (err) {
      applyServerErrors(form, err);
    } finally {
      setSubmitting(false);
    }
  };

  if (pending) return <TwoFactorStep credentials={pending} onBack={() => setPending(null)} />;

  return (
    <AuthCard title={t('auth.signInTo', { name })} subtitle={t('auth.signInSubtitle')}>
      <ConfigGate>
        {(settings) => (
          <>
            <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} data-testid="login-form">
              <Form.Item
                name="email"
                label={t('auth.email')}
                rules={[requiredRule(t, 'onChange'), zodRule(loginBody.shape.email, t, 'onBlur')]}
                validateTrigger={['onChange', 'onBlur']}
              >
                <Input size="large" prefix={<MailOutlined />} autoComplete="username" placeholder="name@company.com" autoFocus />
              </Form.Item>
              <Form.Item name="password" label={t('auth.password')} rules={[requiredRule(t)]} style={{ marginBottom: 8 }}>
                <Input.Password size="large" prefix={<LockOutlined />} autoComplete="current-password" placeholder="••••••••" />
              </Form.Item>
              <Flex justify="flex-end" style={{ marginBottom: 20 }}>
                <Link to="/login/recoveryPassword">{t('auth.forgotPassword')}</Link>
              </Flex>
              <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
                {t('auth.signIn')}
              </Button>
            </Form>
            {settings.registrationEnabled ? (
              <Typography.Paragraph type="secondary" style={{ textAlign: 'center', margin: '20px 0 0' }}>
                {t('auth.noAccount')} <Link to="/registration">{t('auth.createAccount')}</Link>
              </Typography.Paragraph>
            ) : null}
          </>
        )}
      </ConfigGate>
    </AuthCard>
  );
}
