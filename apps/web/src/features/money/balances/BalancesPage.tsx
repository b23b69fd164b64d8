/**
 * /affiliate-billing/balances (balance.affiliate.read; managers with the assigned scope see their affiliates') and
 * /advertiser-billing/adv-balances (balance.advertiser.read): each party's figures in the base currency, derived by
 * the server from the ledger. Filter by party (URL-bound); a row opens the party's balance page.
 */
import { BALANCE_ORDER_FIELDS } from '@leadgrid/shared/money/balances';
import { Button, Card, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { Page } from '../../../components/Page';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { useTable } from '../../../components/table/useTable';
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
  const table = useTable({ defaultOrderBy: 'approved:desc', filters: [idFilter, 'search'] });
  const ids = idList(table.filters[idFilter]);
  const search = table.filters.search?.trim().slice(0, 200) || undefined;
  const { orderBy, limit, offset } = table.query;
  const list = useBalances(party, { orderBy, limit, offset, search, [idFilter]: ids.length ? ids.join(',') : undefined });
  const filtered = ids.length > 0 || Boolean(search);

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
    <Page
      title={t(party === 'affiliate' ? 'balances.affiliateTitle' : 'balances.advertiserTitle')}
      subtitle={t(party === 'affiliate' ? 'balances.affiliateSubtitle' : 'balances.advertiserSubtitle')}
    >
      <Card variant="borderless">
        <DataTable<Balance>
          name={`balances.${party}`}
          size="middle"
          columns={columns}
          table={table}
          data={list.data}
          loading={list.isFetching}
          error={list.error}
          onRetry={() => void list.refetch()}
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
              {party === 'affiliate' ? (
                <AffiliatePicker
                  value={ids}
                  onChange={(v) => table.setFilters({ [idFilter]: v as number[] })}
                  placeholder={t('invoices.filters.affiliate')}
                  style={{ width: 260 }}
                  maxTagCount="responsive"
                />
              ) : (
                <AdvertiserPicker
                  multiple
                  value={ids}
                  onChange={(v) => table.setFilters({ [idFilter]: v as number[] })}
                  placeholder={t('invoices.filters.advertiser')}
                  style={{ width: 260 }}
                  maxTagCount="responsive"
                />
              )}
            </>
          }
        />
      </Card>
    </Page>
  );
}

export const AffiliateBalancesPage = () => <BalancesPage party="affiliate" />;
export const AdvertiserBalancesPage = () => <BalancesPage party="advertiser" />;
