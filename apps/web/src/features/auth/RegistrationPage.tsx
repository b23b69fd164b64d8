/** /registration: a new affiliate account (hidden, and redirecting to /login, when registration is off). */
import { LockOutlined, MailOutlined, SendOutlined, UserOutlined } from '@ant-design/icons';
import { rules } from '@leadgrid/shared/validation';
import { signUpBody } from '@leadgrid/shared/schemas/auth';
import { Button, Col, Form, Input, Row, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { authApi } from '../../api/auth';
import { AuthCard } from '../../components/AuthCard';
import { applyServerErrors, messageText, requiredRule, useRevalidateOnLanguageChange, zodRule } from '../../components/form';
import { useSession } from '../../app/session';
import { ConfigGate } from './ConfigGate';

interface Values {
  firstName: string;
  lastName?: string;
  email: string;
  telegram?: string;
  password: string;
  confirmPassword: string;
}

const browserZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
};

function RegistrationForm() {
  const { t, i18n } = useTranslation();
  const { signIn } = useSession();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const taken = useRef(new Set<string>());
  useRevalidateOnLanguageChange(form);
  const shape = signUpBody.shape;

  const checkEmail = async () => {
    const email = String(form.getFieldValue('email') ?? '').trim().toLowerCase();
    if (!email || rules.email(email) !== true || taken.current.has(email)) return;
    try {
      const { available } = await authApi.checkEmail({ email });
      if (!available) {
        taken.current.add(email);
        await form.validateFields(['email']);
      }
    } catch {
      // the check is a convenience: sign-up validates the address again
    }
  };

  const submit = async (values: Values) => {
    setSubmitting(true);
    try {
      const pair = await authApi.signUp({
        email: values.email,
        password: values.password,
        firstName: values.firstName,
        lastName: values.lastName || undefined,
        telegram: values.telegram || undefined,
        timezone: browserZone(),
        language: i18n.language,
      });
      await signIn(pair);
    } catch (err) {
      applyServerErrors(form, err);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark="optional" onFinish={(v) => void submit(v)} data-testid="registration-form">
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="firstName" label={t('auth.registration.firstName')} rules={[requiredRule(t), zodRule(shape.firstName, t)]}>
            <Input size="large" prefix={<UserOutlined />} autoComplete="given-name" autoFocus />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="lastName" label={t('auth.registration.lastName')} rules={[zodRule(shape.lastName, t)]}>
            <Input size="large" autoComplete="family-name" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="email"
            label={t('auth.email')}
            validateTrigger={['onChange', 'onBlur']}
            rules={[
              requiredRule(t, 'onChange'),
              zodRule(shape.email, t, 'onBlur'),
              {
                validateTrigger: 'onBlur',
                validator: async (_r, value) => {
                  if (value && taken.current.has(String(value).trim().toLowerCase())) throw new Error(t('auth.registration.emailTaken'));
                },
              },
            ]}
          >
            <Input size="large" prefix={<MailOutlined />} autoComplete="email" placeholder="name@company.com" onBlur={() => void checkEmail()} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="telegram" label={t('auth.registration.telegram')} rules={[zodRule(shape.telegram, t)]}>
            <Input size="large" prefix={<SendOutlined />} placeholder="@username" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="password" label={t('auth.password')} rules={[requiredRule(t), zodRule(shape.password, t)]} extra={t('auth.passwordHint')}>
            <Input.Password size="large" prefix={<LockOutlined />} autoComplete="new-password" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
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
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" size="large" block loading={submitting} style={{ marginTop: 4 }}>
        {t('auth.registration.submit')}
      </Button>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center', margin: '20px 0 0' }}>
        {t('auth.haveAccount')} <Link to="/login">{t('auth.signIn')}</Link>
      </Typography.Paragraph>
    </Form>
  );
}

export default function RegistrationPage() {
  const { t } = useTranslation();
  return (
    <AuthCard wide title={t('auth.registration.title')} subtitle={t('auth.registration.subtitle')}>
      <ConfigGate>{(settings) => (settings.registrationEnabled ? <RegistrationForm /> : <Navigate to="/login" replace />)}</ConfigGate>
    </AuthCard>
  );
}
