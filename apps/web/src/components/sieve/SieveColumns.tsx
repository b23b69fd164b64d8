/**
 * Sieve display settings (product §9): the column picker of a sieve table (which sieve keys show, saved per user on the
 * server) and `sieveColumns`, the DataTable columns of the chosen keys.
 *
 *   const display = useSieveDisplaySettings('caps');
 *   columns = [...ownColumns, ...sieveColumns('caps', display.keys, (row) => row.sieve, t)];
 *   toolbar = <SieveColumnsPicker owner="caps" display={display} />
 */
import { FilterOutlined } from '@ant-design/icons';
import type { Sieve, SieveKey, SieveOwner } from '@leadgrid/shared/inventory/sieves';
import { Button, Checkbox, Divider, Flex, Popover, Typography } from 'antd';
import type { DataColumn } from '../table/DataTable';
import type { useSieveDisplaySettings } from './api';
import { useSieveT } from './i18n';
import { SieveValue } from './SieveSummary';

type Display = ReturnType<typeof useSieveDisplaySettings>;

export function SieveColumnsPicker({ display }: { display: Display }) {
  const { t } = useSieveT();
  const content = (
    <Flex vertical gap={6} style={{ minWidth: 220 }} data-testid="sieve-columns">
      {display.all.map((key) => (
        <Checkbox
          key={key}
          checked={display.keys.includes(key)}
          disabled={display.saving || display.loading}
          onChange={(e) =>
            void display.setKeys(e.target.checked ? [...display.keys, key] : display.keys.filter((k) => k !== key)).catch(() => undefined)
          }
        >
          {t(`keys.${key}`)}
        </Checkbox>
      ))}
      <Divider style={{ margin: '6px 0' }} />
      <Flex justify="space-between" align="center" gap={8}>
        <Typography.Text type="secondary" style={{ fontSize: 12, maxWidth: 160 }}>
          {t('display.hint')}
        </Typography.Text>
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          disabled={display.keys.length === display.all.length || display.saving}
          onClick={() => void display.setKeys([...display.all]).catch(() => undefined)}
        >
          {t('display.all')}
        </Button>
      </Flex>
    </Flex>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('display.title')} content={content}>
      <Button icon={<FilterOutlined />} loading={display.saving} data-testid="sieve-columns-button">
        {t('display.button')}
      </Button>
    </Popover>
  );
}

/** One DataTable column per visible sieve key, titled by the key, rendering the row's sieve value. */
export function sieveColumns<T>(keys: readonly SieveKey[], sieveOf: (row: T) => Sieve, title: (key: SieveKey) => string): DataColumn<T>[] {
  return keys.map((key) => ({
    key: `sieve.${key}`,
    title: title(key),
    render: (_v: unknown, row: T) => <SieveValue sieve={sieveOf(row)} sieveKey={key} />,
  }));
}

export type { SieveOwner };
