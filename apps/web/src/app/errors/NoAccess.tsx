/** Product §6: a signed-in user whose default page is itself forbidden: no access, and a way out. */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session';

export function NoAccess() {
  const { t } = useTranslation();
  const { signOut } = useSession();
  return (
    <Result
      status="403"
      title={t('errors.noAccess.title')}
      subTitle={t('errors.noAccess.text')}
      extra={<Button onClick={() => void signOut()}>{t('header.logout')}</Button>}
    />
  );
}
