/** The rate cell of the currency list and the currency page. */
import { Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS } from './i18n';

export function RateCell({ rate, code, base }: { rate: string; code: string; base: string }) {
  const { t } = useTranslation(NS);
  return (
    <Tooltip title={t('rateLine', { base, rate, code })}>
      <Typography.Text
        style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', whiteSpace: 'nowrap' }}
        data-testid="currency-rate-cell"
      >
        {rate}
      </Typography.Text>
    </Tooltip>
  );
}
