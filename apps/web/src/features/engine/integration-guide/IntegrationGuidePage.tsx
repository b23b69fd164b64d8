/**
 * /integration-guide[?offerId=] (modules/engine/integration-guide): the white-labelled guide of the lead API for
 * affiliates, as the server builds it from the OpenAPI document — authentication with the caller's own token, each
 * operation's fields, answers and error codes, copyable curl examples, the offer's vertical parameters and the
 * postback macros. Linked from the profile's tokens tab and the affiliate's offer page. Staff choose the offer of the
 * examples in a picker (it sets `?offerId=`); an affiliate gets the offer from the link of its offer page.
 * The document's texts are English: the guide shows each in the interface's language from its locales (`docs.*`, by
 * operation and field name; the macros' from the postback texts), the document's own text for one it has none of.
 */
import {
  ApiOutlined,
  ArrowLeftOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  KeyOutlined,
  NotificationOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import type { GuideField, GuideOperation, IntegrationGuide } from '@leadgrid/shared/engine/integration-guide';
import { Alert, Button, Card, Flex, Input, Result, Skeleton, Space, Table, Tag, Tooltip, Typography, theme } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isAffiliate } from '../../../app/access';
import { useSession } from '../../../app/session';
import { CopyButton } from '../../../components/CopyButton';
import { OfferPicker } from '../../../components/offer-picker/OfferPicker';
import { Page } from '../../../components/Page';
import { NS as POSTBACK_NS } from '../postbackI18n';
import { useIntegrationGuide } from './api';
import { useIntegrationGuideT } from './i18n';

/** a description of the OpenAPI document: its `code` spans as code, the rest as text */
function DocText({ text }: { text: string }) {
  return (
    <>
      {text.split('`').map((part, i) =>
        i % 2 ? (
          <Typography.Text code key={i}>
            {part}
          </Typography.Text>
        ) : (
          part
        ),
      )}
    </>
  );
}

/** a command or URL in a code block with its copy button */
function CodeBlock({ code, testId, wrap = false }: { code: string; testId?: string; wrap?: boolean }) {
  const { token } = theme.useToken();
  return (
    <div style={{ position: 'relative' }} data-testid={testId}>
      <pre
        style={{
          margin: 0,
          padding: '12px 48px 12px 14px',
          background: token.colorFillQuaternary,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadius,
          fontFamily: token.fontFamilyCode,
          fontSize: 12.5,
          lineHeight: 1.6,
          color: token.colorText,
          overflowX: 'auto',
          whiteSpace: wrap ? 'pre-wrap' : 'pre',
          wordBreak: wrap ? 'break-all' : 'normal',
        }}
      >
        {code}
      </pre>
      <CopyButton text={code} size="small" type="text" style={{ position: 'absolute', top: 8, right: 8 }} />
    </div>
  );
}

/** the fields of a request (with their required flag) or of an answer (`answer`: every key is always there) */
function FieldTable({ fields, testId, answer = false }: { fields: GuideField[]; testId: string; answer?: boolean }) {
  const { t } = useIntegrationGuideT();
  const docs = answer ? 'docs.answer' : 'docs.fields';
  return (
    <Table<GuideField>
      size="small"
      rowKey="name"
      pagination={false}
      dataSource={fields}
      data-testid={testId}
      scroll={{ x: 640 }}
      columns={[
        { key: 'name', title: t('columns.field'), width: 170, render: (_v, f) => <Typography.Text code>{f.name}</Typography.Text> },
        {
          key: 'type',
          title: t('columns.type'),
          width: 150,
          render: (_v, f) => <Typography.Text type="secondary">{f.type}</Typography.Text>,
        },
        ...(answer
          ? []
          : [
              {
                key: 'required',
                title: t('columns.required'),
                width: 130,
                render: (_v: unknown, f: GuideField) =>
                  f.required ? <Tag color="red">{t('yes')}</Tag> : <Typography.Text type="secondary">{t('no')}</Typography.Text>,
              },
            ]),
        {
          key: 'description',
          title: t('columns.description'),
          render: (_v, f) => (
            <Flex vertical gap={2}>
              <span>{f.description ? <DocText text={t(`${docs}.${f.name}`, { defaultValue: f.description })} /> : '—'}</span>
              {f.values.length ? (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('values', { values: f.values.join(', ') })}
                </Typography.Text>
              ) : null}
              {f.maxLength ? (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('maxLength', { count: f.maxLength })}
                </Typography.Text>
              ) : null}
            </Flex>
          ),
        },
      ]}
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Flex vertical gap={8}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </Flex>
  );
}

function OperationCard({ op }: { op: GuideOperation }) {
  const { t } = useIntegrationGuideT();
  const doc = (key: string, text: string) => t(`docs.operations.${op.operationId}.${key}`, { defaultValue: text });
  return (
    <Card
      variant="borderless"
      data-testid={`guide-operation-${op.operationId}`}
      title={
        <Flex align="center" gap={8} wrap>
          <Tag color="blue" style={{ fontFamily: 'monospace', marginInlineEnd: 0 }}>
            {op.method}
          </Tag>
          <Typography.Text code>{op.path}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontWeight: 400 }}>
            {doc('summary', op.summary)}
          </Typography.Text>
        </Flex>
      }
    >
      <Flex vertical gap={20}>
        {op.description ? (
          <Typography.Paragraph style={{ margin: 0 }}>
            <DocText text={doc('description', op.description)} />
          </Typography.Paragraph>
        ) : null}
        <Section title={t('operation.url')}>
          <CodeBlock code={`${op.method} ${op.url}`} wrap />
        </Section>
        <Section title={t('operation.examples')}>
          {op.examples.map((x) => (
            <Flex vertical gap={6} key={x.kind}>
              <Typography.Text type="secondary">{t(`operation.example_${x.kind}`)}</Typography.Text>
              <CodeBlock code={x.curl} testId={`guide-curl-${x.kind}`} />
            </Flex>
          ))}
        </Section>
        <Section title={t('operation.fields')}>
          <FieldTable fields={op.fields} testId="guide-fields" />
        </Section>
        {op.answerFields.length ? (
          <Section title={t('operation.answer')}>
            <FieldTable fields={op.answerFields} testId="guide-answer" answer />
          </Section>
        ) : null}
        <Section title={t('operation.responses')}>
          <Table
            size="small"
            rowKey="code"
            pagination={false}
            dataSource={op.responses}
            data-testid="guide-responses"
            columns={[
              {
                key: 'code',
                title: t('columns.code'),
                width: 90,
                render: (_v, r) => <Tag color={r.code.startsWith('2') ? 'green' : 'orange'}>{r.code}</Tag>,
              },
              {
                key: 'meaning',
                title: t('columns.meaning'),
                width: 220,
                render: (_v, r) => <Typography.Text strong>{t(`codes.${r.code}`, { defaultValue: r.code })}</Typography.Text>,
              },
              {
                key: 'description',
                title: t('columns.description'),
                render: (_v, r) => <DocText text={doc(`responses.${r.code}`, r.description)} />,
              },
            ]}
          />
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {t('operation.errorShape')}
          </Typography.Text>
        </Section>
      </Flex>
    </Card>
  );
}

function AuthCard({ guide }: { guide: IntegrationGuide }) {
  const { t } = useIntegrationGuideT();
  const { token: design } = theme.useToken();
  const { access } = useSession();
  const affiliate = access ? isAffiliate(access) : false;
  const [shown, setShown] = useState(false);
  const token = guide.token;
  const masked = token ? `${token.slice(0, 4)}${'•'.repeat(Math.max(8, token.length - 8))}${token.slice(-4)}` : '';
  return (
    <Card
      variant="borderless"
      data-testid="guide-auth"
      title={
        <Flex align="center" gap={8}>
          <KeyOutlined style={{ color: design.colorPrimary }} />
          {t('auth.title')}
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph style={{ margin: 0 }}>{t('auth.text', { header: guide.tokenHeader })}</Typography.Paragraph>
        {token ? (
          <Flex align="center" gap={8} wrap>
            <Typography.Text code>{guide.tokenHeader}</Typography.Text>
            <Space.Compact style={{ flex: 1, minWidth: 260, maxWidth: 520 }}>
              <Input
                readOnly
                value={shown ? token : masked}
                style={{ fontFamily: design.fontFamilyCode }}
                aria-label={t('auth.yours')}
                data-testid="guide-token"
              />
              <Tooltip title={shown ? t('auth.hide') : t('auth.show')}>
                <Button
                  icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
                  onClick={() => setShown((v) => !v)}
                  aria-label={shown ? t('auth.hide') : t('auth.show')}
                />
              </Tooltip>
              <CopyButton text={token} />
            </Space.Compact>
          </Flex>
        ) : (
          <Alert
            type={affiliate ? 'warning' : 'info'}
            showIcon
            data-testid="guide-no-token"
            title={affiliate ? t('auth.none') : t('auth.staff', { placeholder: guide.tokenPlaceholder })}
            action={
              affiliate ? (
                <Link to="/profile/about">
                  <Button size="small">{t('auth.profile')}</Button>
                </Link>
              ) : undefined
            }
          />
        )}
      </Flex>
    </Card>
  );
}

function OfferCard({ offer }: { offer: NonNullable<IntegrationGuide['offer']> }) {
  const { t } = useIntegrationGuideT();
  return (
    <Card variant="borderless" title={t('offer.title', { vertical: offer.vertical.title })} data-testid="guide-offer">
      {offer.parameters.length ? (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('offer.text')}</Typography.Text>
          <Table
            size="small"
            rowKey="name"
            pagination={false}
            dataSource={offer.parameters}
            columns={[
              {
                key: 'name',
                title: t('columns.field'),
                render: (_v, p) => <Typography.Text code>{p.where === 'fields' ? `fields.${p.name}` : p.name}</Typography.Text>,
              },
              { key: 'title', title: t('columns.title'), dataIndex: 'title' },
              { key: 'type', title: t('columns.type'), render: (_v, p) => <Typography.Text type="secondary">{p.type}</Typography.Text> },
              {
                key: 'required',
                title: t('columns.required'),
                render: (_v, p) =>
                  p.required ? <Tag color="red">{t('yes')}</Tag> : <Typography.Text type="secondary">{t('no')}</Typography.Text>,
              },
            ]}
          />
        </Flex>
      ) : (
        <Typography.Text type="secondary">{t('offer.none')}</Typography.Text>
      )}
    </Card>
  );
}

function PostbackCard({ guide }: { guide: IntegrationGuide }) {
  const { t } = useIntegrationGuideT();
  const { token: design } = theme.useToken();
  return (
    <Card
      variant="borderless"
      data-testid="guide-postback"
      title={
        <Flex align="center" gap={8}>
          <NotificationOutlined style={{ color: design.colorPrimary }} />
          {t('postback.title')}
        </Flex>
      }
    >
      <Flex vertical gap={20}>
        <Typography.Paragraph style={{ margin: 0 }}>{t('postback.text', { brand: guide.brand })}</Typography.Paragraph>
        <Section title={t('postback.example')}>
          <CodeBlock code={guide.postback.example} testId="guide-postback-example" wrap />
        </Section>
        <Section title={t('postback.macros')}>
          <Table
            size="small"
            rowKey="name"
            pagination={false}
            dataSource={guide.postback.macros}
            data-testid="guide-macros"
            columns={[
              {
                key: 'name',
                title: t('columns.macro'),
                width: 170,
                render: (_v, m) => <Typography.Text code copyable>{`{${m.name}}`}</Typography.Text>,
              },
              {
                key: 'description',
                title: t('columns.description'),
                render: (_v, m) => t(`macros.descriptions.${m.name}`, { ns: POSTBACK_NS, defaultValue: m.description }),
              },
            ]}
          />
        </Section>
        <Section title={t('postback.events')}>
          <Flex gap={6} wrap>
            {guide.postback.events.map((e) => (
              <Tag key={e} style={{ fontFamily: design.fontFamilyCode }}>
                {e}
              </Tag>
            ))}
          </Flex>
        </Section>
      </Flex>
    </Card>
  );
}

/** staff: the offer the examples post to, searched on the server; it sets `?offerId=` */
function OfferChoice({ offerId, onChange }: { offerId?: number; onChange: (offerId?: number) => void }) {
  const { t } = useIntegrationGuideT();
  return (
    <Card variant="borderless" size="small" data-testid="guide-offer-choice">
      <Flex align="center" gap={12} wrap>
        <Typography.Text strong>{t('choice.label')}</Typography.Text>
        <OfferPicker
          value={offerId ?? null}
          onChange={(v) => onChange(typeof v === 'number' ? v : undefined)}
          placeholder={t('choice.placeholder')}
          style={{ flex: 1, minWidth: 260, maxWidth: 480 }}
          data-testid="guide-offer-select"
        />
        <Typography.Text type="secondary">{t('choice.hint')}</Typography.Text>
      </Flex>
    </Card>
  );
}

export default function IntegrationGuidePage() {
  const { t } = useIntegrationGuideT();
  const navigate = useNavigate();
  const { access } = useSession();
  const staff = access ? !isAffiliate(access) : false;
  const [params, setParams] = useSearchParams();
  const offerId = Number(params.get('offerId')) || undefined;
  const chooseOffer = (id?: number) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set('offerId', String(id));
        else next.delete('offerId');
        return next;
      },
      { replace: true },
    );
  const guide = useIntegrationGuide(offerId);
  const g = guide.data;
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(offerId ? `/offers/${offerId}` : '/profile/tokens')}>
      {t('back')}
    </Button>
  );

  if (guide.error)
    return (
      <Page title={t('title')} extra={back}>
        <Card variant="borderless">
          <Result
            status="warning"
            title={t('loadError')}
            subTitle={(guide.error as Error).message}
            extra={
              <Button icon={<ReloadOutlined />} onClick={() => void guide.refetch()}>
                {t('retry')}
              </Button>
            }
          />
        </Card>
      </Page>
    );

  if (!g)
    return (
      <Page title={t('title')} extra={back}>
        <Card variant="borderless">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      </Page>
    );

  return (
    <Page
      title={
        <Flex align="center" gap={10}>
          <ApiOutlined />
          <span data-testid="guide-heading">{t('title')}</span>
        </Flex>
      }
      subtitle={t('subtitle', { brand: g.brand })}
      extra={back}
    >
      <Flex vertical gap={20} style={{ maxWidth: 1100 }}>
        {staff ? (
          <OfferChoice offerId={offerId} onChange={chooseOffer} />
        ) : g.offer ? (
          <Alert
            type="success"
            showIcon
            data-testid="guide-offer-banner"
            title={`${t('forOffer')}: ${g.offer.title} (#${g.offer.id})`}
            action={
              <Link to="/integration-guide">
                <Button size="small">{t('allOffers')}</Button>
              </Link>
            }
          />
        ) : (
          <Typography.Text type="secondary">{t('offerHint')}</Typography.Text>
        )}
        <AuthCard guide={g} />
        {g.offer ? <OfferCard offer={g.offer} /> : null}
        {g.operations.map((op) => (
          <OperationCard key={op.operationId} op={op} />
        ))}
        <PostbackCard guide={g} />
      </Flex>
    </Page>
  );
}
