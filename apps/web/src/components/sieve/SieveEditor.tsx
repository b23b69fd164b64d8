/**
 * SieveEditor: the form control of a sieve (product §3 "Sieve rules"), limited to the keys its owner uses
 * (SIEVE_KEYS_BY_OWNER): countries and languages by name, traffic sources, landers of the offer, affiliates, teams,
 * advertisers, and a schedule of windows (weekday chips, from / to, a time zone). Empty lists match everything.
 *
 * It works as an antd form control: `<Form.Item name="sieve" rules={[sieveRule('caps', t)]}><SieveEditor owner="caps"
 * offerId={id} errors={serverErrors} /></Form.Item>`. Its own problems (the shared schema) show on the field they are
 * about once that field was touched (or at once with `showErrors`); `errors` (see `sieveServerErrors`) are the
 * server's, shown until that part is edited.
 */
import { ClockCircleOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  SIEVE_KEYS_BY_OWNER,
  type Schedule,
  type Sieve,
  type SieveInput,
  type SieveKey,
  type SieveOwner,
} from '@leadgrid/shared/inventory/sieves';
import type { Rule } from 'antd/es/form';
import { Button, Col, Flex, Row, Segmented, Select, Tag, TimePicker, Tooltip, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTimezones } from '../../api/reference';
import { SessionContext } from '../../app/session';
import { crossesMidnight, errorsUnder, normalizeSieve, sieveProblems, type SieveErrors } from './model';
import { useSieveT } from './i18n';
import { CountrySelect, LanguageSelect, RefSelect, TrafficSourceSelect } from './pickers';
import type { RefKind } from './api';

export interface SieveEditorProps {
  owner: SieveOwner;
  value?: SieveInput | Sieve | null;
  onChange?: (value: Sieve) => void;
  /** the offer whose landers the `landerIds` picker offers */
  offerId?: number;
  /** the server's errors about this sieve by path (sieveServerErrors) */
  errors?: SieveErrors;
  /** show every problem now (otherwise: those of the fields the user touched) */
  showErrors?: boolean;
  disabled?: boolean;
  /** a subset of the owner's keys to edit */
  keys?: readonly SieveKey[];
  id?: string;
}

const REF_KIND: Partial<Record<SieveKey, RefKind>> = {
  landerIds: 'landers',
  affiliateIds: 'affiliates',
  teamIds: 'teams',
  advertiserIds: 'advertisers',
};
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const DEFAULT_WINDOW = { days: [1, 2, 3, 4, 5], from: '09:00', to: '18:00' };
const TIME = 'HH:mm';

/** a message of the shared schema about a sieve path, in words that fit it */
function problemText(t: TFunction, path: string, msg: string): string {
  if (/^schedule\.windows\.\d+\.days$/.test(path) && (msg === 'required' || msg === 'min')) return t('errors.days');
  if (/^schedule\.windows\.\d+\.from$/.test(path)) return t('errors.from');
  if (/^schedule\.windows\.\d+\.to$/.test(path)) return t('errors.to');
  if (path === 'schedule.timezone') return t('errors.timezone');
  return t(`validation.${msg}`, { defaultValue: msg });
}

/** A Form.Item rule that refuses a sieve with problems (each shows on its own field inside the editor). */
export function sieveRule(owner: SieveOwner, t: TFunction): Rule {
  return {
    validator: async (_rule, value) => {
      if (Object.keys(sieveProblems(owner, value)).length) throw new Error(t('sieve:errors.invalid'));
    },
  };
}

function FieldErrors({ messages }: { messages: string[] }) {
  if (!messages.length) return null;
  return (
    <div role="alert" style={{ display: 'flex', flexDirection: 'column' }}>
      {[...new Set(messages)].map((m) => (
        <Typography.Text key={m} type="danger" style={{ fontSize: 12 }}>
          {m}
        </Typography.Text>
      ))}
    </div>
  );
}

function Field({
  label,
  hint,
  errors,
  children,
  testId,
}: {
  label: ReactNode;
  hint?: ReactNode;
  errors: string[];
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Flex vertical gap={4} data-testid={testId}>
      <Typography.Text style={{ fontSize: 13, fontWeight: 500 }}>{label}</Typography.Text>
      {children}
      {errors.length ? (
        <FieldErrors messages={errors} />
      ) : hint ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {hint}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

function DayChips({
  days,
  onChange,
  disabled,
  invalid,
}: {
  days: number[];
  onChange(days: number[]): void;
  disabled?: boolean;
  invalid: boolean;
}) {
  const { t } = useSieveT();
  const { token } = theme.useToken();
  const set = new Set(days);
  return (
    <Flex gap={4} wrap align="center">
      {WEEKDAYS.map((d) => (
        <Tooltip key={d} title={t(`daysLong.${d}`)} mouseEnterDelay={0.6}>
          <Tag.CheckableTag
            checked={set.has(d)}
            onChange={(on) => !disabled && onChange(on ? [...days, d].sort((a, b) => a - b) : days.filter((x) => x !== d))}
            style={{
              marginInlineEnd: 0,
              minWidth: 40,
              textAlign: 'center',
              border: `1px solid ${set.has(d) ? token.colorPrimary : invalid ? token.colorError : token.colorBorder}`,
              padding: '1px 6px',
            }}
            aria-label={t(`daysLong.${d}`)}
            data-testid={`day-${d}`}
          >
            {t(`days.${d}`)}
          </Tag.CheckableTag>
        </Tooltip>
      ))}
    </Flex>
  );
}

function TimeField({
  value,
  onChange,
  label,
  invalid,
  disabled,
  testId,
}: {
  value: string;
  onChange(v: string): void;
  label: string;
  invalid: boolean;
  disabled?: boolean;
  testId: string;
}) {
  const parsed = /^\d\d:\d\d$/.test(value) ? dayjs(value, TIME) : null;
  return (
    <TimePicker
      value={parsed?.isValid() ? parsed : null}
      format={TIME}
      minuteStep={5}
      needConfirm={false}
      allowClear={false}
      showNow={false}
      placeholder={label}
      status={invalid ? 'error' : undefined}
      disabled={disabled}
      onChange={(d) => onChange(d ? d.format(TIME) : '')}
      style={{ width: 96 }}
      aria-label={label}
      data-testid={testId}
    />
  );
}

function ScheduleEditor({
  schedule,
  onChange,
  problems,
  disabled,
  defaultZone,
}: {
  schedule: Schedule | null;
  onChange(next: Schedule | null): void;
  problems: (path: string) => string[];
  disabled?: boolean;
  defaultZone: string;
}) {
  const { t } = useSieveT();
  const { token } = theme.useToken();
  const zones = useTimezones();
  const zoneOptions = useMemo(() => {
    const list = (zones.data ?? []).map((z) => ({ value: z.name, label: z.title }));
    if (schedule?.timezone && !list.some((o) => o.value === schedule.timezone))
      list.unshift({ value: schedule.timezone, label: schedule.timezone });
    return list;
  }, [zones.data, schedule?.timezone]);
  const byWindows = schedule !== null;
  const setWindow = (i: number, patch: Partial<Schedule['windows'][number]>) =>
    schedule && onChange({ ...schedule, windows: schedule.windows.map((w, j) => (j === i ? { ...w, ...patch } : w)) });

  return (
    <Flex vertical gap={10}>
      <Segmented
        value={byWindows ? 'windows' : 'any'}
        disabled={disabled}
        onChange={(v) => onChange(v === 'any' ? null : { timezone: defaultZone, windows: [{ ...DEFAULT_WINDOW }] })}
        options={[
          { value: 'any', label: t('schedule.anyTime') },
          { value: 'windows', label: t('schedule.byWindows'), icon: <ClockCircleOutlined /> },
        ]}
        style={{ alignSelf: 'flex-start' }}
        data-testid="schedule-mode"
      />
      {schedule ? (
        <>
          <Field label={t('schedule.timezone')} errors={problems('schedule.timezone')}>
            <Select
              value={schedule.timezone || undefined}
              onChange={(timezone: string) => onChange({ ...schedule, timezone })}
              options={zoneOptions}
              showSearch={{ optionFilterProp: 'label' }}
              loading={zones.isFetching}
              disabled={disabled}
              status={problems('schedule.timezone').length ? 'error' : undefined}
              placeholder={t('schedule.timezone')}
              style={{ maxWidth: 360 }}
              aria-label={t('schedule.timezone')}
              data-testid="schedule-timezone"
            />
          </Field>
          {schedule.windows.length === 0 ? (
            <Typography.Text type="warning" style={{ fontSize: 12 }}>
              {t('schedule.noWindows')}
            </Typography.Text>
          ) : null}
          {schedule.windows.map((w, i) => {
            const dayErrors = problems(`schedule.windows.${i}.days`);
            const fromErrors = problems(`schedule.windows.${i}.from`);
            const toErrors = problems(`schedule.windows.${i}.to`);
            const rest = problems(`schedule.windows.${i}`).filter(
              (m) => !dayErrors.includes(m) && !fromErrors.includes(m) && !toErrors.includes(m),
            );
            return (
              <Flex
                key={i}
                vertical
                gap={8}
                style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG, padding: '10px 12px' }}
                data-testid={`schedule-window-${i}`}
              >
                <Flex justify="space-between" align="center" gap={8} wrap>
                  <DayChips days={w.days} onChange={(days) => setWindow(i, { days })} disabled={disabled} invalid={dayErrors.length > 0} />
                  <Flex gap={4} align="center">
                    <Button size="small" type="text" disabled={disabled} onClick={() => setWindow(i, { days: [1, 2, 3, 4, 5] })}>
                      {t('schedule.weekdays')}
                    </Button>
                    <Button size="small" type="text" disabled={disabled} onClick={() => setWindow(i, { days: [6, 7] })}>
                      {t('schedule.weekend')}
                    </Button>
                    <Button size="small" type="text" disabled={disabled} onClick={() => setWindow(i, { days: [...WEEKDAYS] })}>
                      {t('schedule.everyDay')}
                    </Button>
                  </Flex>
                </Flex>
                <Flex gap={8} align="center" wrap>
                  <Typography.Text type="secondary">{t('schedule.from')}</Typography.Text>
                  <TimeField
                    value={w.from}
                    onChange={(from) => setWindow(i, { from })}
                    label={t('schedule.from')}
                    invalid={fromErrors.length > 0}
                    disabled={disabled}
                    testId={`window-${i}-from`}
                  />
                  <Typography.Text type="secondary">{t('schedule.to')}</Typography.Text>
                  <TimeField
                    value={w.to}
                    onChange={(to) => setWindow(i, { to })}
                    label={t('schedule.to')}
                    invalid={toErrors.length > 0}
                    disabled={disabled}
                    testId={`window-${i}-to`}
                  />
                  {crossesMidnight(w) ? (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {w.from === w.to ? t('schedule.allDay') : t('schedule.pastMidnight')}
                    </Typography.Text>
                  ) : null}
                  <Tooltip title={t('schedule.removeWindow')}>
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      disabled={disabled}
                      onClick={() => onChange({ ...schedule, windows: schedule.windows.filter((_, j) => j !== i) })}
                      aria-label={t('schedule.removeWindow')}
                      style={{ marginInlineStart: 'auto' }}
                      data-testid={`window-${i}-remove`}
                    />
                  </Tooltip>
                </Flex>
                <FieldErrors messages={[...dayErrors, ...fromErrors, ...toErrors, ...rest]} />
              </Flex>
            );
          })}
          <Button
            icon={<PlusOutlined />}
            type="dashed"
            disabled={disabled}
            onClick={() => onChange({ ...schedule, windows: [...schedule.windows, { ...DEFAULT_WINDOW }] })}
            style={{ alignSelf: 'flex-start' }}
            data-testid="schedule-add-window"
          >
            {t('schedule.addWindow')}
          </Button>
        </>
      ) : null}
    </Flex>
  );
}

const browserZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

export function SieveEditor({ owner, value, onChange, offerId, errors, showErrors, disabled, keys, id }: SieveEditorProps) {
  const { t } = useSieveT();
  const session = useContext(SessionContext);
  const sieve = normalizeSieve(value);
  const shown = (keys ?? SIEVE_KEYS_BY_OWNER[owner]).filter((k) => SIEVE_KEYS_BY_OWNER[owner].includes(k));
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  // server errors last until their part is edited; a new answer shows again
  const [edited, setEdited] = useState<Set<string>>(() => new Set());
  const lastErrors = useRef(errors);
  useEffect(() => {
    if (lastErrors.current !== errors) {
      lastErrors.current = errors;
      setEdited(new Set());
    }
  }, [errors]);

  const problems = sieveProblems(owner, sieve);
  const revealAll = Boolean(showErrors);
  const messagesAt = (path: string) => {
    const top = path.split('.')[0];
    const own = revealAll || touched.has(top) ? Object.entries(problems).filter(([p]) => p === path || p.startsWith(`${path}.`)) : [];
    const server = edited.has(top) ? [] : Object.entries(errors ?? {}).filter(([p]) => p === path || p.startsWith(`${path}.`));
    return [...own, ...server].flatMap(([p, msgs]) => msgs.map((m) => problemText(t, p, m)));
  };

  const change = (key: SieveKey, next: Sieve[SieveKey]) => {
    setTouched((s) => new Set(s).add(key));
    setEdited((s) => new Set(s).add(key));
    onChange?.({ ...sieve, [key]: next } as Sieve);
  };

  const control = (key: SieveKey): ReactNode => {
    const invalid = messagesAt(key).length > 0 ? 'error' : undefined;
    const common = {
      disabled,
      status: invalid,
      placeholder: t(`any.${key}`),
      style: { width: '100%' },
      'aria-label': t(`keys.${key}`),
    } as const;
    switch (key) {
      case 'countries':
        return (
          <CountrySelect
            {...common}
            value={sieve.countries}
            onChange={(v) => change(key, v)}
            maxTagCount="responsive"
            data-testid="sieve-countries"
          />
        );
      case 'languages':
        return (
          <LanguageSelect
            {...common}
            value={sieve.languages}
            onChange={(v) => change(key, v)}
            maxTagCount="responsive"
            data-testid="sieve-languages"
          />
        );
      case 'trafficSourceIds':
        return (
          <TrafficSourceSelect
            {...common}
            value={sieve.trafficSourceIds}
            onChange={(v) => change(key, v)}
            maxTagCount="responsive"
            data-testid="sieve-trafficSourceIds"
          />
        );
      case 'schedule':
        return (
          <ScheduleEditor
            schedule={sieve.schedule}
            onChange={(next) => change('schedule', next)}
            problems={messagesAt}
            disabled={disabled}
            defaultZone={session?.timezone ?? browserZone()}
          />
        );
      default: {
        const kind = REF_KIND[key];
        if (!kind) return null;
        return (
          <RefSelect
            {...common}
            kind={kind}
            offerId={offerId}
            value={sieve[key] as number[]}
            onChange={(v) => change(key, v)}
            maxTagCount="responsive"
            data-testid={`sieve-${key}`}
          />
        );
      }
    }
  };

  return (
    <Flex vertical gap={14} id={id} data-testid={`sieve-editor-${owner}`}>
      <Row gutter={[16, 14]}>
        {shown.map((key) => (
          <Col key={key} xs={24} md={key === 'schedule' ? 24 : 12}>
            <Field
              label={t(`keys.${key}`)}
              errors={
                key === 'schedule'
                  ? messagesAt('schedule').filter(
                      (m) => !messagesAt('schedule.windows').includes(m) && !messagesAt('schedule.timezone').includes(m),
                    )
                  : messagesAt(key)
              }
              hint={key === 'landerIds' && offerId === undefined ? t('hints.landersNeedOffer') : undefined}
              testId={`sieve-field-${key}`}
            >
              {control(key)}
            </Field>
          </Col>
        ))}
      </Row>
      {errors && errorsUnder(errors, 'sieve').length ? (
        <FieldErrors messages={errorsUnder(errors, 'sieve').map((m) => problemText(t, '', m))} />
      ) : null}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('hints.empty')}
      </Typography.Text>
    </Flex>
  );
}
