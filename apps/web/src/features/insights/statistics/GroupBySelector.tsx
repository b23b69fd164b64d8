/** The group-by levels of a statistics table: up to three dimensions, the first drawing the rows, the next ones the drill-down. */
import { CloseOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex, Select, Tooltip, Typography } from 'antd';
import { useStatisticsT } from '../i18n';
import { isTimeDimension, MAX_LEVELS, SUBS, type Dimension } from '../model';

export function GroupBySelector<D extends Dimension>({
  value,
  options,
  onChange,
  max = MAX_LEVELS,
}: {
  value: D[];
  options: readonly D[];
  onChange: (next: D[]) => void;
  max?: number;
}) {
  const { t } = useStatisticsT();
  const group = (d: D) =>
    isTimeDimension(d)
      ? 'time'
      : (SUBS as readonly string[]).includes(d)
        ? 'subs'
        : d === 'country' || d === 'language' || d === 'deviceType' || d === 'os' || d === 'browser'
          ? 'traffic'
          : 'entities';
  const grouped = (taken: D[]) =>
    (['time', 'entities', 'traffic', 'subs'] as const)
      .map((g) => ({
        label: t(`groupBy.${g}`),
        options: options
          .filter((d) => group(d) === g && !taken.includes(d))
          .map((d) => ({ value: d, label: t(`dimensions.${String(d)}`) })),
      }))
      .filter((g) => g.options.length > 0);
  const set = (i: number, d: D) => onChange(value.map((v, j) => (j === i ? d : v)));
  const free = options.find((d) => !value.includes(d));
  return (
    <Flex align="center" gap={6} wrap data-testid="statistics-group-by">
      <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
        {t('groupBy.label')}
      </Typography.Text>
      {value.map((d, i) => (
        <Flex key={`${i}:${d}`} align="center" gap={4}>
          {i > 0 ? <RightOutlined style={{ fontSize: 10, opacity: 0.5 }} /> : null}
          <Select<D>
            value={d}
            onChange={(next) => set(i, next)}
            options={grouped(value.filter((v) => v !== d))}
            popupMatchSelectWidth={200}
            style={{ width: 140 }}
            aria-label={t('groupBy.level', { n: i + 1 })}
            data-testid={`group-by-${i}`}
            showSearch={{ optionFilterProp: 'label' }}
          />
          {i > 0 ? (
            <Tooltip title={t('groupBy.remove')}>
              <Button
                type="text"
                size="small"
                icon={<CloseOutlined />}
                aria-label={t('groupBy.remove')}
                onClick={() => onChange(value.filter((_, j) => j !== i))}
              />
            </Tooltip>
          ) : null}
        </Flex>
      ))}
      {value.length < max && free ? (
        <Tooltip title={t('groupBy.hint')}>
          <Button type="dashed" size="small" icon={<PlusOutlined />} onClick={() => onChange([...value, free])} data-testid="group-by-add">
            {t('groupBy.add')}
          </Button>
        </Tooltip>
      ) : null}
    </Flex>
  );
}
