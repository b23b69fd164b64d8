/** /login/newPassword?token=...: set a new password from the recovery link. */
import { ArrowLeftOutlined, LockOutlined } from '@ant-design/icons';
import { newPasswordBody } from '@leadgrid/shared/access/auth';
import { rules } from '@leadgrid/shared/validation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { authApi } from '../../../api/auth';
import { AuthCard } from '../../../components/AuthCard';
import { messageText } from '../../../components/form';
import { ConfigGate } from './ConfigGate';
import { Alert, applyServerErrors, Button, Field, PasswordInput, required, useAuthForm, zodCheck, type Rule } from './kit';

type Values = { password: string; confirmPassword: string };

/** the shared confirmPassword rule against the password field */
export const confirmRule = <V extends { password: string }>(): Rule<V> => ({
  check: (value, values) => {
    const result = rules.confirmPassword(value, values.password);
    return value && result !== true ? (t) => messageText(t, result) : undefined;
  },
});

export default function NewPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useAuthForm<Values>({
    password: { rules: [required(), zodCheck(newPasswordBody.shape.password)] },
    confirmPassword: { rules: [required(), confirmRule<Values>()], dependencies: ['password'] },
  });
  const [submitting, setSubmitting] = useState(false);
  const [linkError, setLinkError] = useState<string | null>(null);
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
                title={linkError ?? t('auth.newPassword.invalidLink')}
                description={<Link to="/login/recoveryPassword">{t('auth.newPassword.requestNew')}</Link>}
                className={tokenLooksValid ? 'lg-alert-spaced' : undefined}
              />
            ) : null}
            {tokenLooksValid ? (
              <form noValidate onSubmit={form.submit((v) => void submit(v))}>
                <Field form={form} name="password" label={t('auth.newPassword.password')} extra={t('auth.passwordHint')}>
                  {(control) => <PasswordInput control={control} prefix={<LockOutlined />} autoComplete="new-password" autoFocus />}
                </Field>
                <Field form={form} name="confirmPassword" label={t('auth.confirmPassword')}>
                  {(control) => <PasswordInput control={control} prefix={<LockOutlined />} autoComplete="new-password" />}
                </Field>
                <Button type="submit" variant="primary" block loading={submitting}>
                  {t('auth.newPassword.save')}
                </Button>
              </form>
            ) : null}
            <Link to="/login" className="lg-auth-back">
              <ArrowLeftOutlined /> {t('auth.backToSignIn')}
            </Link>
          </>
        )}
      </ConfigGate>
    </AuthCard>
  );
}
