/** /login/newPassword?token=...: set a new password from the recovery link. */
import { ArrowLeftOutlined, LockOutlined } from '@ant-design/icons';
import { newPasswordBody } from '@leadgrid/shared/schemas/auth';
import { rules } from '@leadgrid/shared/validation';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { authApi } from '../../api/auth';
import { AuthCard } from '../../components/AuthCard';
import { applyServerErrors, messageText, requiredRule, useRevalidateOnLanguageChange, zodRule } from '../../components/form';
import { ConfigGate } from './ConfigGate';

interface Values {
  password: string;
  confirmPassword: string;
}

export default function NewPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const [linkError, setLinkError] = useState<string | null>(null);
  useRevalidateOnLanguageChange(form);
  const tokenLooksValid = newPasswordBody.shape.token.safeParse(token).success;

  const submit = async (values: Values) => {
    setSubmitting(true);
    setLinkError(null);
    try {
      await authApi.newPassword({ token, ...values });
      navigate('/login', { replace: true });
    } catch (err) {
      const rest = applyServerErrors(form, err);
      if (rest.length) setLinkError(err instanceof Error ? err.message : rest[0]);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title={t('auth.newPassword.title')} subtitle={tokenLooksValid ? t('auth.newPassword.subtitle') : undefined}>
      <ConfigGate>
        {() => (
          <>
            {!tokenLooksValid || linkError ? (
              <Alert
                type="error"
                showIcon
                title={linkError ?? t('auth.newPassword.invalidLink')}
                description={<Link to="/login/recoveryPassword">{t('auth.newPassword.requestNew')}</Link>}
                style={{ marginBottom: tokenLooksValid ? 20 : 0 }}
              />
            ) : null}
            {tokenLooksValid ? (
              <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)}>
                <Form.Item
                  name="password"
                  label={t('auth.newPassword.password')}
                  rules={[requiredRule(t), zodRule(newPasswordBody.shape.password, t)]}
                  extra={t('auth.passwordHint')}
                >
                  <Input.Password size="large" prefix={<LockOutlined />} autoComplete="new-password" autoFocus />
                </Form.Item>
                <Form.Item
                  name="confirmPassword"
                  label={t('auth.confirmPassword')}
                  dependencies={['password']}
                  rules={[
                    requiredRule(t),
                    ({ getFieldValue }) => ({
                      validator: async (_r, value) => {
                        const result = rules.confirmPassword(value, getFieldValue('password'));
                        if (value && result !== true) throw new Error(messageText(t, result));
                      },
                    }),
                  ]}
                >
                  <Input.Password size="large" prefix={<LockOutlined />} autoComplete="new-password" />
                </Form.Item>
                <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
                  {t('auth.newPassword.save')}
                </Button>
              </Form>
            ) : null}
            <Link to="/login" style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 6, marginTop: 20 }}>
              <ArrowLeftOutlined /> {t('auth.backToSignIn')}
            </Link>
          </>
        )}
      </ConfigGate>
    </AuthCard>
  );
}
