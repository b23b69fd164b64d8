/**
 * /settings/payment-methods/{id}: a payment method with its fields (staff with payment_method.update), or, for an
 * affiliate, one of their own withdrawal methods (another affiliate's id is a 404 from the server).
 */
import { CheckCircleOutlined, CloseCircleOutlined, DeleteOutlined, EditOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import type { PaymentField } from '@leadgrid/shared/money/payments';
import { Button, Card, Descriptions, Skeleton, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isAffiliate } from '../../../app/access';
import { useSession } from '../../../app/session';
import { formatDateTime } from '../../../components/format';
import { StatusTag } from '../../../components/StatusTag';
import { useConfirmDelete, useConfirmStatus } from '../../../components/listing/parts';
import {
  useChangePaymentMethodStatus,
  useChangeWithdrawalStatus,
  useDeleteWithdrawalMethods,
  usePaymentMethod,
  useUpdateWithdrawalMethods,
  useWithdrawalMethod,
} from '../../../api/paymentMethods';
import { NS } from './i18n';
import { PaymentMethodDrawer } from './PaymentMethodDrawer';
import { ValuesList } from './PaymentMethodsPage';
import { WithdrawalDrawer } from './WithdrawalDrawer';
import { BackButton, DetailPage } from '../../../components/detail/DetailPage';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' };

function MethodDetail({ id }: { id: number }) {
  const { t } = useTranslation(NS);
  const { timezone } = useSession();
  const detail = usePaymentMethod(id);
  const changeStatus = useChangePaymentMethodStatus();
  const confirmStatus = useConfirmStatus();
  const [editing, setEditing] = useState(false);
  const method = detail.data;
  const back = <BackButton to="/settings/payment-methods/active">{t('back')}</BackButton>;
  const next = method?.status === 'active' ? 'inactive' : 'active';
  return (
    <DetailPage
      query={detail}
      texts={{ title: t('title'), notFound: t('notFound'), retry: t('actions.retry') }}
      back={back}
      heading={method?.title}
      subtitle={method?.description || undefined}
      actions={
        <>
          {method ? (
            <>
              <Button
                icon={next === 'active' ? <CheckCircleOutlined /> : <CloseCircleOutlined />}
                loading={changeStatus.isPending}
                onClick={() => confirmStatus(1, next, () => changeStatus.mutateAsync([{ id, status: next }]))}
              >
                {t(next === 'active' ? 'activate' : 'deactivate')}
              </Button>
              <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)}>
                {t('actions.edit')}
              </Button>
            </>
          ) : null}
        </>
      }
    >
      <Card variant="borderless">
        {!method ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : (
          <Descriptions
            column={{ xs: 1, md: 2 }}
            colon={false}
            styles={{ label: { width: 150 } }}
            items={[
              { key: 'id', label: t('fields.id'), children: method.id },
              { key: 'status', label: t('fields.status'), children: <StatusTag status={method.status} /> },
              {
                key: 'currencies',
                label: t('fields.currencies'),
                children: method.currencies.length ? <span style={mono}>{method.currencies.join(', ')}</span> : '—',
              },
              { key: 'createdAt', label: t('fields.createdAt'), children: formatDateTime(method.createdAt, timezone) },
            ]}
          />
        )}
      </Card>
      <Card variant="borderless" title={t('fields.fields')}>
        <Table<PaymentField>
          rowKey="name"
          size="small"
          pagination={false}
          loading={!method}
          dataSource={method?.fields ?? []}
          locale={{ emptyText: t('noFields') }}
          columns={[
            { key: 'name', dataIndex: 'name', title: t('fields.name'), render: (v: string) => <span style={mono}>{v}</span> },
            { key: 'title', dataIndex: 'title', title: t('fields.fieldTitle') },
            {
              key: 'required',
              dataIndex: 'required',
              title: t('fields.required'),
              render: (v: boolean) => <Tag color={v ? 'geekblue' : undefined}>{v ? t('requiredTag') : t('optionalTag')}</Tag>,
            },
            {
              key: 'pattern',
              dataIndex: 'pattern',
              title: t('fields.pattern'),
              render: (v: string | null) => (v ? <Typography.Text code>{v}</Typography.Text> : '—'),
            },
          ]}
        />
      </Card>
      <PaymentMethodDrawer open={editing} initial={method ?? null} onClose={() => setEditing(false)} />
    </DetailPage>
  );
}

function WithdrawalDetail({ id }: { id: number }) {
  const { t } = useTranslation(NS);
  const { timezone } = useSession();
  const navigate = useNavigate();
  const detail = useWithdrawalMethod(id);
  const changeStatus = useChangeWithdrawalStatus();
  const update = useUpdateWithdrawalMethods();
  const remove = useDeleteWithdrawalMethods();
  const confirmStatus = useConfirmStatus();
  const confirmDelete = useConfirmDelete();
  const [editing, setEditing] = useState(false);
  const item = detail.data;
  const back = <BackButton to="/settings/payment-methods/active">{t('withdrawal.back')}</BackButton>;
  const next = item?.status === 'active' ? 'inactive' : 'active';
  return (
    <DetailPage
      query={detail}
      texts={{ title: t('withdrawal.title'), notFound: t('withdrawal.notFound'), retry: t('actions.retry') }}
      back={back}
      heading={
        item ? (
          <span>
            {item.title}{' '}
            {item.isDefault ? (
              <Tag icon={<StarFilled />} color="gold" style={{ verticalAlign: 'middle' }}>
                {t('withdrawal.default')}
              </Tag>
            ) : null}
          </span>
        ) : undefined
      }
      actions={
        <>
          {item ? (
            <>
              {!item.isDefault && item.status === 'active' ? (
                <Button
                  icon={<StarOutlined />}
                  loading={update.isPending}
                  onClick={() => void update.mutateAsync([{ id, isDefault: true }])}
                >
                  {t('withdrawal.setDefault')}
                </Button>
              ) : null}
              <Button
                icon={next === 'active' ? <CheckCircleOutlined /> : <CloseCircleOutlined />}
                loading={changeStatus.isPending}
                onClick={() => confirmStatus(1, next, () => changeStatus.mutateAsync([{ id, status: next }]))}
              >
                {t(next === 'active' ? 'activate' : 'deactivate')}
              </Button>
              <Button
                danger
                icon={<DeleteOutlined />}
                onClick={() =>
                  confirmDelete(1, t('withdrawal.deleteTitle', { count: 1 }), t('withdrawal.deleteText'), async () => {
                    await remove.mutateAsync([id]);
                    navigate('/settings/payment-methods/active', { replace: true });
                  })
                }
              >
                {t('actions.delete')}
              </Button>
              <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)}>
                {t('actions.edit')}
              </Button>
            </>
          ) : null}
        </>
      }
    >
      <Card variant="borderless">
        {!item ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : (
          <Descriptions
            column={{ xs: 1, md: 2 }}
            colon={false}
            styles={{ label: { width: 150 } }}
            items={[
              { key: 'method', label: t('withdrawal.method'), children: item.paymentMethod.title },
              { key: 'status', label: t('fields.status'), children: <StatusTag status={item.status} /> },
              {
                key: 'values',
                label: t('withdrawal.details'),
                children: <ValuesList method={item.paymentMethod} values={item.values} />,
                span: 2,
              },
              { key: 'createdAt', label: t('fields.createdAt'), children: formatDateTime(item.createdAt, timezone) },
            ]}
          />
        )}
      </Card>
      <WithdrawalDrawer open={editing} initial={item ?? null} onClose={() => setEditing(false)} />
    </DetailPage>
  );
}

export default function PaymentMethodDetailPage() {
  const { access } = useSession();
  const id = Number(useParams().id);
  return access && isAffiliate(access) ? <WithdrawalDetail id={id} /> : <MethodDetail id={id} />;
}
