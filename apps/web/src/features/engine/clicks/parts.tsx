/** Small pieces of the clicks screens: the copyable click id, the country code, the device line, the marks. */
import type { Click } from '@leadgrid/shared/engine/clicks';
import { Flex, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useClicksT } from './i18n';
import { CellText } from '../../../components/table/CellText';

export const Dash = () => <Typography.Text type="secondary">—</Typography.Text>;

export function ClickIdCell({ id }: { id: string }) {
  return (
    <Typography.Text copyable={{ text: id }} style={{ whiteSpace: 'nowrap', fontFamily: 'monospace', fontSize: 12 }}>
      <Link to={`/clicks/${id}`} title={id} data-testid="click-id-link">
        {id.slice(0, 8)}…{id.slice(-4)}
      </Link>
    </Typography.Text>
  );
}

export function CountryCell({ code }: { code: string | null }) {
  if (!code) return <Dash />;
  return (
    <Tag variant="filled" style={{ marginInlineEnd: 0, fontFamily: 'monospace' }} title={code}>
      {code}
    </Tag>
  );
}

export function DeviceCell({ click }: { click: Pick<Click, 'deviceType' | 'os' | 'osVersion' | 'browser' | 'browserVersion'> }) {
  const os = [click.os, click.osVersion].filter(Boolean).join(' ');
  const browser = [click.browser, click.browserVersion].filter(Boolean).join(' ');
  if (!click.deviceType && !os && !browser) return <Dash />;
  return (
    <Flex vertical style={{ lineHeight: 1.3, maxWidth: 200 }}>
      <CellText>{click.deviceType ?? '—'}</CellText>
      <CellText type="secondary" style={{ fontSize: 12 }}>
        {[os, browser].filter(Boolean).join(' · ') || '—'}
      </CellText>
    </Flex>
  );
}

export function MarksCell({ click }: { click: Pick<Click, 'isUnique' | 'isBot' | 'isTest'> }) {
  const { t } = useClicksT();
  if (!click.isUnique && !click.isBot && !click.isTest) return <Dash />;
  return (
    <Flex gap={4}>
      {click.isTest ? (
        <Tag color="blue" style={{ marginInlineEnd: 0 }} title={t('marks.testHint')}>
          {t('marks.test')}
        </Tag>
      ) : null}
      {click.isUnique ? (
        <Tag color="green" style={{ marginInlineEnd: 0 }}>
          {t('marks.unique')}
        </Tag>
      ) : null}
      {click.isBot ? (
        <Tag color="volcano" style={{ marginInlineEnd: 0 }}>
          {t('marks.bot')}
        </Tag>
      ) : null}
    </Flex>
  );
}

/** the subs that have a value, as `sub1: x` lines (three at most, the rest in the title) */
export function SubsCell({ click }: { click: Click }) {
  const set = (['sub1', 'sub2', 'sub3', 'sub4', 'sub5', 'sub6', 'sub7', 'sub8', 'sub9'] as const).filter((s) => click[s]);
  if (!set.length) return <Dash />;
  const all = set.map((s) => `${s}: ${click[s]}`);
  return (
    <Flex vertical style={{ lineHeight: 1.3, maxWidth: 180 }} title={all.join('\n')}>
      {all.slice(0, 3).map((line) => (
        <CellText key={line} style={{ fontSize: 12 }}>
          {line}
        </CellText>
      ))}
      {all.length > 3 ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          +{all.length - 3}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

/** a title with its id below, linked when the reader may open it */
export function RefCell({ title, id, to }: { title: string | null; id: number | null; to?: string }) {
  if (id === null) return <Dash />;
  const name = title ?? `#${id}`;
  return (
    <Flex vertical style={{ maxWidth: 200, lineHeight: 1.3 }}>
      {to ? (
        <Link to={to}>
          <CellText style={{ color: 'inherit' }}>{name}</CellText>
        </Link>
      ) : (
        <CellText>{name}</CellText>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        #{id}
      </Typography.Text>
    </Flex>
  );
}
