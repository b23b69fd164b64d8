/**
 * /affiliate-billing/balances (balance.affiliate.read; managers with the assigned scope see their affiliates') and
 * /advertiser-billing/adv-balances (balance.advertiser.read): each party's figures in the base currency, derived by
 * the server from the ledger. Filter by party (URL-bound); a row opens the party's balance page.
 */
import { BALANCE_ORDER_FIELDS } from '@leadgrid/shared/money/balances';
import { Button, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { idsFilter } from '../../../components/list/idsFilter';
import { ResourceListPage } from '../../../components/list/ResourceListPage';
import { useResourceList } from '../../../components/list/useResourceList';
import type { DataColumn } from '../../../components/table/DataTable';
import { AdvertiserPicker } from '../../../components/pickers/sellSide';
import { AffiliatePicker } from '../../../components/pickers/people';
import { idList } from '../../../components/table/urlLists';
import { SearchBox } from '../../../components/listing/parts';
import { useBalances } from '../api';
import { useMoneyT } from '../i18n';
import { Amount, balanceName, figuresOf } from '../parts';
import { figureOf, partyIdOf, type Balance, type Party } from '../types';

export const balancePath = (party: Party, id: number) =>
  party === 'affiliate' ? `/affiliate-billing/balances/${id}` : `/advertiser-billing/adv-balances/${id}`;

export function BalancesPage({ party }: { party: Party }) {
  const { t } = useMoneyT();
  const navigate = useNavigate();
  const idFilter = party === 'affiliate' ? 'affiliateId' : 'advertiserId';
  // a row is keyed by its party's id (`rowKey` below)
  const resource = useResourceList({
    defaultOrderBy: 'approved:desc',
    filters: [idFilter, 'search'],
    useList: ({ search, [idFilter]: ids, ...query }) =>
      useBalances(party, {
        ...query,
        search: typeof search === 'string' ? search.trim().slice(0, 200) || undefined : undefined,
        [idFilter]: typeof ids === 'string' ? idList(ids).join(',') || undefined : undefined,
      }),
  });
  const { table, filtered } = resource;
  const partyFilter = idsFilter(
    table,
    idFilter,
    t(party === 'affiliate' ? 'invoices.filters.affiliate' : 'invoices.filters.advertiser'),
    260,
  );

  const columns: DataColumn<Balance>[] = [
    {
      key: 'id',
      title: t(party === 'affiliate' ? 'common.affiliate' : 'common.advertiser'),
      alwaysVisible: true,
      sortable: true,
      render: (_v, row) => (
        <Link to={balancePath(party, partyIdOf(row))} data-testid={`balance-link-${partyIdOf(row)}`}>
          <Typography.Text type="secondary">#{partyIdOf(row)}</Typography.Text> {balanceName(row)}
        </Link>
      ),
    },
    ...figuresOf(party).map((figure): DataColumn<Balance> => ({
      key: figure,
      title: t(`figures.${figure}`),
      sortable: (BALANCE_ORDER_FIELDS as readonly string[]).includes(figure),
      align: 'right',
      render: (_v, row) => <Amount value={figureOf(row, figure)} currency={row.baseCurrency} strong={figure === 'approved'} />,
    })),
  ];

  return (
    <ResourceListPage<Balance>
      title={t(party === 'affiliate' ? 'balances.affiliateTitle' : 'balances.advertiserTitle')}
      subtitle={t(party === 'affiliate' ? 'balances.affiliateSubtitle' : 'balances.advertiserSubtitle')}
      resource={resource}
      name={`balances.${party}`}
      size="middle"
      columns={columns}
      rowKey={partyIdOf}
      onRow={(row) => ({ onDoubleClick: () => navigate(balancePath(party, partyIdOf(row))) })}
      empty={{
        title: filtered ? t('balances.emptyFilteredTitle') : t('balances.emptyTitle'),
        description: filtered ? t('balances.emptyFiltered') : t('balances.emptyText'),
        action: filtered ? <Button onClick={table.reset}>{t('common.resetFilters')}</Button> : undefined,
      }}
      toolbar={
        <>
          <SearchBox table={table} placeholder={t(party === 'affiliate' ? 'balances.searchAffiliate' : 'balances.searchAdvertiser')} />
          {party === 'affiliate' ? <AffiliatePicker {...partyFilter} /> : <AdvertiserPicker multiple {...partyFilter} />}
        </>
      }
    />
  );
}

export const AffiliateBalancesPage = () => <BalancesPage party="affiliate" />;
export const AdvertiserBalancesPage = () => <BalancesPage party="advertiser" />;
