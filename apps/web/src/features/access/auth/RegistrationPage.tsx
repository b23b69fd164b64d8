/** /registration: a new affiliate account (hidden, and redirecting to /login, when registration is off). */
import { LockOutlined, MailOutlined, SendOutlined, UserOutlined } from '@ant-design/icons';
import { rules } from '@leadgrid/shared/validation';
import { signUpBody } from '@leadgrid/shared/access/auth';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { authApi } from '../../../api/auth';
import { AuthCard } from '../../../components/AuthCard';
import { useSession } from '../../../app/session';
import { ConfigGate } from './ConfigGate';
import { applyServerErrors, Button, Field, PasswordInput, required, TextInput, useAuthForm, zodCheck, type Rule } from './kit';
import { confirmRule } from './NewPasswordPage';

type Values = {
  firstName: string;
  lastName: string;
  email: string;
  telegram: string;
  password: string;
  confirmPassword: string;
};

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
  const taken = useRef(new Set<string>());
  const shape = signUpBody.shape;
  const notTaken: Rule<Values> = {
    on: 'blur',
    check: (value) => (value && taken.current.has(value.trim().toLowerCase()) ? (tr) => tr('auth.registration.emailTaken') : undefined),
  };
  const form = useAuthForm<Values>({
    firstName: { rules: [required(), zodCheck(shape.firstName)] },
    lastName: { rules: [zodCheck(shape.lastName)] },
    email: { rules: [required('change'), zodCheck(shape.email, 'blur'), notTaken], triggers: ['change', 'blur'] },
    telegram: { rules: [zodCheck(shape.telegram)] },
    password: { rules: [required(), zodCheck(shape.password)] },
    confirmPassword: { rules: [required(), confirmRule<Values>()], dependencies: ['password'] },
  });
  const [submitting, setSubmitting] = useState(false);

  const checkEmail = async () => {
    const email = form.values.email.trim().toLowerCase();
    if (!email || rules.email(email) !== true || taken.current.has(email)) return;
    try {
      const { available } = await authApi.checkEmail({ email });
      if (!available) {
        taken.current.add(email);
        form.setErrors('email', [(tr) => tr('auth.registration.emailTaken')]);
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
    <form noValidate onSubmit={form.submit((v) => void submit(v))} data-testid="registration-form">
      <div className="lg-auth-grid">
        <Field form={form} name="firstName" label={t('auth.registration.firstName')}>
          {(control) => <TextInput control={control} prefix={<UserOutlined />} autoComplete="given-name" autoFocus />}
        </Field>
        <Field form={form} name="lastName" label={t('auth.registration.lastName')} optional>
          {(control) => <TextInput control={control} autoComplete="family-name" />}
        </Field>
        <Field form={form} name="email" label={t('auth.email')}>
          {(control) => (
            <TextInput
              control={{
                ...control,
                onBlur: () => {
                  control.onBlur();
                  void checkEmail();
                },
              }}
              prefix={<MailOutlined />}
              autoComplete="email"
              placeholder="name@company.com"
            />
          )}
        </Field>
        <Field form={form} name="telegram" label={t('auth.registration.telegram')} optional>
          {(control) => <TextInput control={control} prefix={<SendOutlined />} placeholder="@username" />}
        </Field>
        <Field form={form} name="password" label={t('auth.password')} extra={t('auth.passwordHint')}>
          {(control) => <PasswordInput control={control} prefix={<LockOutlined />} autoComplete="new-password" />}
        </Field>
        <Field form={form} name="confirmPassword" label={t('auth.confirmPassword')}>
          {(control) => <PasswordInput control={control} prefix={<LockOutlined />} autoComplete="new-password" />}
        </Field>
      </div>
      <Button type="submit" variant="primary" block loading={submitting} style={{ marginTop: 4 }}>
        {t('auth.registration.submit')}
      </Button>
      <p className="lg-auth-muted lg-auth-note">
        {t('auth.haveAccount')} <Link to="/login">{t('auth.signIn')}</Link>
      </p>
    </form>
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
