/** Small pieces of the clicks screens: the copyable click id, the country code, the device line, the marks. */
import type { Click } from '@leadgrid/shared/engine/clicks';
import { Link } from 'react-router';
import { useClicksT } from './i18n';
import { CopyInline } from '../../../components/CopyButton';
import { LightTag } from '../../../components/LightTag';
import { CellLine, CellSecondary, CellStack, CellText, Dash } from '../../../components/table/cells';

export function ClickIdCell({ id }: { id: string }) {
  return (
    <span style={{ whiteSpace: 'nowrap', fontFamily: 'monospace', fontSize: 12 }}>
      <Link to={`/clicks/${id}`} title={id} data-testid="click-id-link">
        {id.slice(0, 8)}…{id.slice(-4)}
      </Link>
      <CopyInline text={id} />
    </span>
  );
}

export function CountryCell({ code }: { code: string | null }) {
  if (!code) return <Dash />;
  return (
    <LightTag style={{ fontFamily: 'monospace' }} title={code}>
      {code}
    </LightTag>
  );
}

export function DeviceCell({ click }: { click: Pick<Click, 'deviceType' | 'os' | 'osVersion' | 'browser' | 'browserVersion'> }) {
  const os = [click.os, click.osVersion].filter(Boolean).join(' ');
  const browser = [click.browser, click.browserVersion].filter(Boolean).join(' ');
  if (!click.deviceType && !os && !browser) return <Dash />;
  return (
    <CellStack style={{ lineHeight: 1.3, maxWidth: 200 }}>
      <CellText>{click.deviceType ?? '—'}</CellText>
      <CellText type="secondary" small>
        {[os, browser].filter(Boolean).join(' · ') || '—'}
      </CellText>
    </CellStack>
  );
}

export function MarksCell({ click }: { click: Pick<Click, 'isUnique' | 'isBot' | 'isTest'> }) {
  const { t } = useClicksT();
  if (!click.isUnique && !click.isBot && !click.isTest) return <Dash />;
  return (
    <CellLine style={{ gap: 4 }}>
      {click.isTest ? (
        <LightTag color="blue" title={t('marks.testHint')}>
          {t('marks.test')}
        </LightTag>
      ) : null}
      {click.isUnique ? <LightTag color="green">{t('marks.unique')}</LightTag> : null}
      {click.isBot ? <LightTag color="volcano">{t('marks.bot')}</LightTag> : null}
    </CellLine>
  );
}

/** the subs that have a value, as `sub1: x` lines (three at most, the rest in the title) */
export function SubsCell({ click }: { click: Click }) {
  const set = (['sub1', 'sub2', 'sub3', 'sub4', 'sub5', 'sub6', 'sub7', 'sub8', 'sub9'] as const).filter((s) => click[s]);
  if (!set.length) return <Dash />;
  const all = set.map((s) => `${s}: ${click[s]}`);
  return (
    <div className="lg-cell-stack" style={{ lineHeight: 1.3, maxWidth: 180 }} title={all.join('\n')}>
      {all.slice(0, 3).map((line) => (
        <CellText key={line} small>
          {line}
        </CellText>
      ))}
      {all.length > 3 ? <CellSecondary small>+{all.length - 3}</CellSecondary> : null}
    </div>
  );
}

/** a title with its id below, linked when the reader may open it */
export function RefCell({ title, id, to }: { title: string | null; id: number | null; to?: string }) {
  if (id === null) return <Dash />;
  const name = title ?? `#${id}`;
  return (
    <CellStack style={{ maxWidth: 200, lineHeight: 1.3 }}>
      {to ? (
        <Link to={to}>
          <CellText style={{ color: 'inherit' }}>{name}</CellText>
        </Link>
      ) : (
        <CellText>{name}</CellText>
      )}
      <CellSecondary small>#{id}</CellSecondary>
    </CellStack>
  );
}
