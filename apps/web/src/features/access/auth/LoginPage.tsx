/** /login: e-mail and password, then the 6-digit code when the account has two-factor authentication. */
import { ArrowLeftOutlined, LockOutlined, MailOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { loginBody } from '@leadgrid/shared/access/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { authApi } from '../../../api/auth';
import { ApiError } from '../../../api/client';
import { useSystemName } from '../../../api/settings';
import { useSession } from '../../../app/session';
import { AuthCard } from '../../../components/AuthCard';
import { ConfigGate } from './ConfigGate';
import { applyServerErrors, Button, Field, OtpInput, PasswordInput, required, TextInput, useAuthForm, zodCheck, type Rule } from './kit';

type Credentials = { email: string; password: string };
type CodeValues = { code: string };

/** product §5: a code that is not six digits reads 'Invalid code, please try again', as the server's answer */
const codeShape: Rule<CodeValues> = {
  check: (value) => (value && !loginBody.shape.code.safeParse(value).success ? (t) => t('auth.invalidCode') : undefined),
};

/** The second step: the same sign-in call again, with the code (product §5: a wrong code reads 'Invalid code, please try again'). */
function TwoFactorStep({ credentials, onBack }: { credentials: Credentials; onBack: () => void }) {
  const { t } = useTranslation();
  const { signIn } = useSession();
  const form = useAuthForm<CodeValues>({ code: { rules: [required(), codeShape] } });
  const [submitting, setSubmitting] = useState(false);

  const verify = async (code: string) => {
    setSubmitting(true);
    try {
      const answer = await authApi.login({ ...credentials, code });
      if ('token' in answer) await signIn(answer);
    } catch (err) {
      const onCode = err instanceof ApiError && err.errors.some((e) => e.loc[e.loc.length - 1] === 'code');
      if (onCode) form.setErrors('code', [(tr) => tr('auth.invalidCode')]);
      else applyServerErrors(form, err);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title={t('auth.twoFactor.title')} subtitle={t('auth.twoFactor.subtitle')}>
      <form noValidate onSubmit={form.submit((v) => void verify(v.code))} data-testid="two-factor-form">
        <Field form={form} name="code" label={t('auth.twoFactor.code')}>
          {(control) => <OtpInput control={control} autoFocus />}
        </Field>
        <Button type="submit" variant="primary" block loading={submitting} icon={<SafetyCertificateOutlined />}>
          {t('auth.twoFactor.verify')}
        </Button>
        <Button variant="link" block icon={<ArrowLeftOutlined />} onClick={onBack} className="lg-btn-gap">
          {t('auth.backToSignIn')}
        </Button>
      </form>
    </AuthCard>
  );
}

export default function LoginPage() {
  const { t } = useTranslation();
  const name = useSystemName();
  const { signIn } = useSession();
  const form = useAuthForm<Credentials>({
    email: { rules: [required('change'), zodCheck(loginBody.shape.email, 'blur')], triggers: ['change', 'blur'] },
    password: { rules: [required()] },
  });
  const [pending, setPending] = useState<Credentials | null>(null);
  const [submitting, setSubmitting] = useState(false);

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
            <form noValidate onSubmit={form.submit((v) => void submit(v))} data-testid="login-form">
              <Field form={form} name="email" label={t('auth.email')}>
                {(control) => (
                  <TextInput control={control} prefix={<MailOutlined />} autoComplete="username" placeholder="name@company.com" autoFocus />
                )}
              </Field>
              <Field form={form} name="password" label={t('auth.password')} className="is-tight">
                {(control) => (
                  <PasswordInput control={control} prefix={<LockOutlined />} autoComplete="current-password" placeholder="••••••••" />
                )}
              </Field>
              <div className="lg-auth-forgot">
                <Link to="/login/recoveryPassword">{t('auth.forgotPassword')}</Link>
              </div>
              <Button type="submit" variant="primary" block loading={submitting}>
                {t('auth.signIn')}
              </Button>
            </form>
            {settings.registrationEnabled ? (
              <p className="lg-auth-muted lg-auth-note">
                {t('auth.noAccount')} <Link to="/registration">{t('auth.createAccount')}</Link>
              </p>
            ) : null}
          </>
        )}
      </ConfigGate>
    </AuthCard>
  );
}
