/**
 * The sidebar's unpaid-invoice counts (product §2, §4): for staff, the number of unpaid affiliate invoices and unpaid
 * advertiser invoices (`meta.totalCount` of a one-row list), each only with its read permission; affiliates never
 * fetch them and hold zero. The counts are kept per signed-in user, so leaving impersonation (a new user) re-fetches
 * them; a click on the finance menu refreshes them, and any money write does (it invalidates every money query).
 */
import { ROUTE_PERMISSIONS as P } from '@leadgrid/shared/access/permissions';
import { useQuery } from '@tanstack/react-query';
import { Badge, Tooltip } from 'antd';
import { useCallback } from 'react';
import { allowed, isStaff } from '../../app/access';
import { useSession } from '../../app/session';
import { moneyApi, moneyKeys } from './api';
import { useMoneyT } from './i18n';
import type { InvoiceType } from './types';

/** the menu item each count belongs to */
export const UNPAID_MENU_KEYS: Record<InvoiceType, string> = { affiliate: 'affiliateInvoices', advertiser: 'advertiserInvoices' };
/** the menu group that shows an indicator while any count is above zero */
export const FINANCE_MENU_KEY = 'finance';

function useUnpaidCount(type: InvoiceType, userId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...moneyKeys.unpaid(userId), type],
    queryFn: ({ signal }) => moneyApi.unpaidCount(type, signal),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

export function useUnpaidCounts() {
  const { user, access } = useSession();
  const staff = Boolean(access && isStaff(access));
  const userId = user?.id ?? 0;
  const affiliate = useUnpaidCount('affiliate', userId, staff && allowed(access, P.affiliateInvoices));
  const advertiser = useUnpaidCount('advertiser', userId, staff && allowed(access, P.advertiserInvoices));
  const refresh = useCallback(() => {
    if (affiliate.isEnabled) void affiliate.refetch();
    if (advertiser.isEnabled) void advertiser.refetch();
  }, [affiliate, advertiser]);
  return {
    counts: { affiliate: staff ? (affiliate.data ?? 0) : 0, advertiser: staff ? (advertiser.data ?? 0) : 0 } as Record<InvoiceType, number>,
    refresh,
  };
}

/** a count next to a menu label (nothing at zero) */
export function UnpaidCount({ count, testId }: { count: number; testId: string }) {
  const { t } = useMoneyT();
  if (!count) return null;
  return (
    <Tooltip title={t('badge.unpaid', { count })}>
      <Badge
        count={count}
        overflowCount={999}
        size="small"
        color="var(--ant-color-warning)"
        style={{ marginInlineStart: 8, boxShadow: 'none' }}
        data-testid={testId}
      />
    </Tooltip>
  );
}

/** the indicator on the finance group */
export function UnpaidDot({ show }: { show: boolean }) {
  return show ? <Badge dot status="warning" style={{ marginInlineStart: 8 }} data-testid="unpaid-indicator" /> : null;
}
