/**
 * Pieces the offer screens share: the image thumbnail, the hot and access tags, the geos cell, the status change with
 * its confirmation popup (product §4), and a table state kept in the component (for the tables of a tab, which must not
 * fight over the URL).
 */
import { FireFilled, GlobalOutlined, LockOutlined, PictureOutlined } from '@ant-design/icons';
import { PAGE_SIZE } from '@leadgrid/shared/constants';
import type { OfferStatus } from '@leadgrid/shared/inventory/sieves';
import { App, Flex, Tag, Tooltip, Typography, theme } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Query } from '../../../api/client';
import { PAGE_SIZE_OPTIONS, parseOrderBy, type TableState } from '../../../components/table/useTable';
import { useChangeOfferStatus } from './api';
import { useOffersT } from './i18n';

export const OFFER_WRITE = 'offer.update';

export function OfferThumb({ url, size = 40, title }: { url: string | null | undefined; size?: number; title: string }) {
  const { token } = theme.useToken();
  return (
    <Flex
      align="center"
      justify="center"
      style={{
        width: size,
        height: size,
        flex: 'none',
        borderRadius: token.borderRadius,
        background: token.colorFillTertiary,
        border: `1px solid ${token.colorBorderSecondary}`,
        overflow: 'hidden',
      }}
    >
      {url ? (
        <img src={url} alt={title} style={{ width: '100%', height: '100%', objectFit: 'cover' }} loading="lazy" />
      ) : (
        <PictureOutlined style={{ color: token.colorTextQuaternary, fontSize: Math.round(size * 0.4) }} />
      )}
    </Flex>
  );
}

export function HotTag() {
  const { t } = useOffersT();
  return (
    <Tag color="volcano" icon={<FireFilled />} style={{ marginInlineEnd: 0 }} data-testid="hot-tag">
      {t('hot')}
    </Tag>
  );
}

export function AccessTag({ accessType }: { accessType: number }) {
  const { t } = useOffersT();
  const isPrivate = accessType === 3;
  return (
    <Tag
      icon={isPrivate ? <LockOutlined /> : <GlobalOutlined />}
      color={isPrivate ? 'purple' : undefined}
      variant={isPrivate ? 'filled' : 'outlined'}
      style={{ marginInlineEnd: 0 }}
    >
      {t(`access.${accessType}`)}
    </Tag>
  );
}

/** The first `max` country codes, the rest behind "+N" (every code on hover); an empty list is every country. */
export function GeosCell({ geos, max = 3 }: { geos: string[]; max?: number }) {
  const { t } = useOffersT();
  if (!geos.length)
    return (
      <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap', fontSize: 13 }}>
        {t('anyGeo')}
      </Typography.Text>
    );
  return (
    <Tooltip title={geos.length > max ? geos.join(', ') : undefined}>
      <Flex gap={4} wrap={false} data-testid="geos-cell">
        {geos.slice(0, max).map((g) => (
          <Tag key={g} style={{ marginInlineEnd: 0, fontFamily: 'var(--ant-font-family-code)', fontSize: 12 }}>
            {g}
          </Tag>
        ))}
        {geos.length > max ? <Tag style={{ marginInlineEnd: 0 }}>+{geos.length - max}</Tag> : null}
      </Flex>
    </Tooltip>
  );
}

/** Asks, then changes the status of one or many offers (the server's message is the success toast). */
export function useOfferStatus() {
  const { modal } = App.useApp();
  const { t } = useOffersT();
  const { t: tc } = useTranslation();
  const change = useChangeOfferStatus();
  return (offers: { id: number; title: string }[], status: OfferStatus, onDone?: () => void) =>
    modal.confirm({
      title:
        offers.length === 1
          ? t('statusChange.confirmOne', { title: offers[0].title, status: tc(`status.${status}`) })
          : t('statusChange.confirmMany', { count: offers.length, status: tc(`status.${status}`) }),
      content: t(`statusChange.${status}`),
      okText: t('statusChange.confirm'),
      cancelText: t('actions.cancel'),
      okButtonProps: { danger: status !== 'active', 'data-testid': 'offer-status-confirm' } as never,
      onOk: async () => {
        await change.mutateAsync(offers.map((o) => ({ id: o.id, status })));
        onDone?.();
      },
    });
}

/** A list state in the component (paging, sort, filters), shaped like `useTable`'s for DataTable. */
export function useLocalTable(
  defaults: { orderBy?: string; limit?: number; filters?: Record<string, string | undefined> } = {},
): TableState {
  const [limit, setLimit] = useState(defaults.limit ?? PAGE_SIZE);
  const [offset, setOffset] = useState(0);
  const [orderBy, setOrderBy] = useState<string | undefined>(defaults.orderBy);
  const [filters, setFilterState] = useState<Record<string, string | undefined>>(defaults.filters ?? {});
  const sort = parseOrderBy(orderBy);
  const query = useMemo<Query>(() => ({ ...filters, orderBy, limit, offset }), [filters, orderBy, limit, offset]);
  const setPage = (page: number, pageSize?: number) => {
    const size = pageSize ?? limit;
    setLimit(size);
    setOffset(pageSize !== undefined && pageSize !== limit ? 0 : Math.max(0, (page - 1) * size));
  };
  return {
    query,
    limit,
    offset,
    sort,
    filters,
    page: Math.floor(offset / limit) + 1,
    setFilters: (patch) => {
      setOffset(0);
      setFilterState((prev) => {
        const next = { ...prev };
        for (const [k, v] of Object.entries(patch)) {
          next[k] =
            v === null || v === undefined ? undefined : Array.isArray(v) ? (v.length ? v.join(',') : undefined) : String(v) || undefined;
        }
        return next;
      });
    },
    setPage,
    reset: () => {
      setOffset(0);
      setOrderBy(defaults.orderBy);
      setFilterState(defaults.filters ?? {});
    },
    sortOrderOf: (field) => (sort?.field === field ? (sort.direction === 'asc' ? 'ascend' : 'descend') : null),
    pagination: (total) => ({
      current: Math.floor(offset / limit) + 1,
      pageSize: limit,
      total: total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: PAGE_SIZE_OPTIONS,
      hideOnSinglePage: true,
    }),
    onChange: (pagination, _filters, sorter, extra) => {
      if (extra.action === 'paginate') setPage(pagination.current ?? 1, pagination.pageSize);
      if (extra.action === 'sort') {
        const s = Array.isArray(sorter) ? sorter[0] : sorter;
        setOrderBy(s?.order ? `${String(s.columnKey)}:${s.order === 'ascend' ? 'asc' : 'desc'}` : defaults.orderBy);
        setOffset(0);
      }
    },
  };
}
