/** Small pieces the campaign list and page share: an empty cell, country codes with "+N". */
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { useCampaignsT } from './i18n';

export function Dash() {
  return <Typography.Text type="secondary">—</Typography.Text>;
}

/** Country codes, the first `max` as tags and the rest behind "+N"; none = every country the offer takes. */
export function CountryCodes({ codes, max = 3 }: { codes: readonly string[]; max?: number }) {
  const { t } = useCampaignsT();
  if (!codes.length) return <Typography.Text type="secondary">{t('list.anyCountry')}</Typography.Text>;
  return (
    <Flex gap={4} wrap={false}>
      {codes.slice(0, max).map((c) => (
        <Tag key={c} style={{ marginInlineEnd: 0 }}>
          {c}
        </Tag>
      ))}
      {codes.length > max ? (
        <Tooltip title={codes.slice(max).join(', ')}>
          <Tag style={{ marginInlineEnd: 0 }}>+{codes.length - max}</Tag>
        </Tooltip>
      ) : null}
    </Flex>
  );
}
