/** Pieces of the affiliate offer views: the payout line of an offer and the campaign link. */
import { RocketOutlined } from '@ant-design/icons';
import type { AffiliateOffer } from '@leadgrid/shared/inventory/offers';
import { Button, Typography } from 'antd';
import { Link } from 'react-router';
import { formatMoney, formatPercent } from '../../../../components/format';
import { useOffersT } from '../i18n';

type Payout = AffiliateOffer['payouts'][number];

/** "CPA · 50.00 USD" or "RevShare · 30.00% of revenue" */
export function payoutText(p: Payout, t: ReturnType<typeof useOffersT>['t']): string {
  const amount =
    p.paymentType === 'percent'
      ? t('affiliate.percentOf', { value: formatPercent(p.value).replace('%', '') })
      : formatMoney(p.value, p.currency);
  return p.paymentModel ? `${p.paymentModel.code} · ${amount}` : amount;
}

/** The best payout to headline a card: the highest fixed one, else the first. */
export function headlinePayout(payouts: Payout[]): Payout | undefined {
  const fixed = payouts.filter((p) => p.paymentType === 'fixed');
  if (fixed.length) return fixed.reduce((a, b) => (Number(b.value) > Number(a.value) ? b : a));
  return payouts[0];
}

export function PayoutLine({ payouts }: { payouts: Payout[] }) {
  const { t } = useOffersT();
  const head = headlinePayout(payouts);
  if (!head)
    return (
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {t('affiliate.noPayout')}
      </Typography.Text>
    );
  return (
    <Typography.Text strong style={{ fontSize: 15, fontVariantNumeric: 'tabular-nums' }} data-testid="offer-payout">
      {payoutText(head, t)}
      {payouts.length > 1 ? (
        <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 400 }}>
          {' '}
          +{payouts.length - 1}
        </Typography.Text>
      ) : null}
    </Typography.Text>
  );
}

/** The campaigns screen opens its create form for this offer (`?create=1&offerId=`). */
export function CreateCampaignButton({
  offerId,
  size,
  type = 'primary',
}: {
  offerId: number;
  size?: 'small' | 'middle';
  type?: 'primary' | 'default';
}) {
  const { t } = useOffersT();
  return (
    <Link to={`/campaigns/active?create=1&offerId=${offerId}`}>
      <Button type={type} size={size} icon={<RocketOutlined />} data-testid={`create-campaign-${offerId}`}>
        {t('actions.createCampaign')}
      </Button>
    </Link>
  );
}
