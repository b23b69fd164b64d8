/**
 * SieveSummary: a sieve in a table cell as compact tags — "DE, AT +3 · en · Mon–Fri 09:00–18:00 Europe/Berlin" —
 * limited to the owner's keys (or the `keys` the user chose to show). Names of countries, languages, traffic sources,
 * landers, affiliates, teams and advertisers are on hover. `SieveValue` renders one key (a sieve column).
 */
import { SIEVE_KEYS_BY_OWNER, type Sieve, type SieveInput, type SieveKey, type SieveOwner } from '@leadgrid/shared/inventory/sieves';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useActiveTrafficSources } from '../../api/reference';
import { useCountries, useLanguages, useRefTitles, type RefKind } from './api';
import { useSieveT } from './i18n';
import { formatDays, normalizeSieve } from './model';

const REF_KIND: Partial<Record<SieveKey, RefKind>> = {
  landerIds: 'landers',
  affiliateIds: 'affiliates',
  teamIds: 'teams',
  advertiserIds: 'advertisers',
};

function Chip({ children, tip, testId }: { children: ReactNode; tip?: ReactNode; testId?: string }) {
  const tag = (
    <Tag
      style={{ marginInlineEnd: 0, maxWidth: 'min(240px, 100%)', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      data-testid={testId}
    >
      {children}
    </Tag>
  );
  return tip ? <Tooltip title={tip}>{tag}</Tooltip> : tag;
}

/** "A, B +3" with every name on hover */
function ListChip({ shown, names, max, sieveKey }: { shown: string[]; names: string[]; max: number; sieveKey: SieveKey }) {
  const { t } = useSieveT();
  const head = shown.slice(0, max).join(', ');
  const more = shown.length - max;
  return (
    <Chip tip={`${t(`keys.${sieveKey}`)}: ${names.join(', ')}`} testId={`sieve-${sieveKey}`}>
      {head}
      {more > 0 ? ` ${t('more', { count: more })}` : ''}
    </Chip>
  );
}

function CodesValue({ codes, kind }: { codes: string[]; kind: 'countries' | 'languages' }) {
  const countries = useCountries();
  const languages = useLanguages();
  const list = kind === 'countries' ? countries.data : languages.data;
  const names = new Map((list ?? []).map((c) => [c.code, c.name]));
  return <ListChip shown={codes} names={codes.map((c) => (names.has(c) ? `${c} · ${names.get(c)}` : c))} max={2} sieveKey={kind} />;
}

function TrafficSourcesValue({ ids }: { ids: number[] }) {
  const sources = useActiveTrafficSources();
  const titles = new Map((sources.data ?? []).map((s) => [s.id, s.title]));
  const shown = ids.map((id) => titles.get(id) ?? `#${id}`);
  return <ListChip shown={shown} names={shown} max={1} sieveKey="trafficSourceIds" />;
}

function RefsValue({ ids, kind, sieveKey }: { ids: number[]; kind: RefKind; sieveKey: SieveKey }) {
  const { t } = useSieveT();
  const refs = useRefTitles(kind, ids);
  const shown = ids.map((id) => refs.byId.get(id)?.title ?? (refs.loading ? `#${id}` : t('notFound', { id })));
  return <ListChip shown={shown} names={shown} max={1} sieveKey={sieveKey} />;
}

function ScheduleValue({ schedule }: { schedule: NonNullable<Sieve['schedule']> }) {
  const { t } = useSieveT();
  const day = (d: number) => t(`days.${d}`);
  if (schedule.windows.length === 0) return <Chip testId="sieve-schedule">{t('schedule.noWindows')}</Chip>;
  const windows = schedule.windows.map((w) => `${formatDays(w.days, day, t('everyDay'))} ${w.from}–${w.to}`);
  const more = windows.length - 1;
  return (
    <Chip tip={`${t('keys.schedule')}: ${[...windows, schedule.timezone].join(' · ')}`} testId="sieve-schedule">
      {windows[0]}
      {more > 0 ? ` ${t('more', { count: more })}` : ''} {schedule.timezone}
    </Chip>
  );
}

/** One key of a sieve; a dash-like "any" text when it does not restrict. */
export function SieveValue({ sieve: raw, sieveKey }: { sieve: SieveInput | Sieve | null | undefined; sieveKey: SieveKey }) {
  const { t } = useSieveT();
  const sieve = normalizeSieve(raw);
  const any = (
    <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
      {t(`any.${sieveKey}`)}
    </Typography.Text>
  );
  if (sieveKey === 'schedule') return sieve.schedule ? <ScheduleValue schedule={sieve.schedule} /> : any;
  const list = sieve[sieveKey] as (string | number)[];
  if (!list.length) return any;
  if (sieveKey === 'countries' || sieveKey === 'languages') return <CodesValue codes={list as string[]} kind={sieveKey} />;
  if (sieveKey === 'trafficSourceIds') return <TrafficSourcesValue ids={list as number[]} />;
  const kind = REF_KIND[sieveKey];
  return kind ? <RefsValue ids={list as number[]} kind={kind} sieveKey={sieveKey} /> : null;
}

export interface SieveSummaryProps {
  sieve: SieveInput | Sieve | null | undefined;
  owner: SieveOwner;
  /** the keys to show (default: every key of the owner) */
  keys?: readonly SieveKey[];
}

/** The restricting keys of a sieve as compact tags; "Matches everything" when none restricts. */
export function SieveSummary({ sieve: raw, owner, keys }: SieveSummaryProps) {
  const { t } = useSieveT();
  const sieve = normalizeSieve(raw);
  const shown = (keys ?? SIEVE_KEYS_BY_OWNER[owner]).filter((k) => SIEVE_KEYS_BY_OWNER[owner].includes(k));
  const restricting = shown.filter((k) => (k === 'schedule' ? sieve.schedule !== null : (sieve[k] as unknown[]).length > 0));
  if (!restricting.length)
    return (
      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }} data-testid="sieve-summary-all">
        {t('matchesAll')}
      </Typography.Text>
    );
  return (
    <Flex gap={4} wrap style={{ maxWidth: 420 }} data-testid="sieve-summary">
      {restricting.map((k) => (
        <SieveValue key={k} sieve={sieve} sieveKey={k} />
      ))}
    </Flex>
  );
}
