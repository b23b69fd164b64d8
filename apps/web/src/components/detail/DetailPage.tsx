/**
 * The frame of a record's page (an offer, an advertiser, a team…): the back button first among the actions, the
 * record's name with its status tag as the title, and one screen for a record that failed to load or does not exist
 * (not found, or the error with a retry).
 */
import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Result } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { Page } from '../Page';
import { StatusTag } from '../StatusTag';

/** the part of a record's query the frame reads */
export interface DetailQuery {
  data: unknown;
  error: unknown;
  isPending: boolean;
  refetch: () => unknown;
}

export interface DetailTexts {
  /** the page's title while there is no record */
  title: string;
  notFound: string;
  retry: string;
  /** with it, a failure says this and puts the error's message below; without, the message is the title */
  loadFailed?: string;
}

/** the button back to the list the record belongs to */
export function BackButton({ to, children }: { to: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(to)}>
      {children}
    </Button>
  );
}

/** the record failed to load, or loaded as nothing */
export const detailFailed = (query: DetailQuery) => Boolean(query.error) || (!query.isPending && !query.data);

/** the screen of a record that failed to load or does not exist */
export function DetailFailure({ query, texts, back }: { query: DetailQuery; texts: DetailTexts; back: ReactNode }) {
  const missing = !query.data && (!(query.error instanceof ApiError) || query.error.status === 404);
  const message = (query.error as Error | null)?.message;
  return (
    <Page title={texts.title}>
      <Card variant="borderless">
        <Result
          status={missing ? '404' : 'warning'}
          title={missing ? texts.notFound : (texts.loadFailed ?? message)}
          subTitle={missing || !texts.loadFailed ? undefined : message}
          extra={
            <Flex gap={8} justify="center">
              {back}
              {missing ? null : (
                <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
                  {texts.retry}
                </Button>
              )}
            </Flex>
          }
        />
      </Card>
    </Page>
  );
}

/** a record's name as a page title: what goes before it (a picture), the name, its status tag, then `after` (tags) */
export function DetailHeading({
  name,
  status,
  testId,
  before,
  after,
  gap = 10,
  wrap = true,
}: {
  name: ReactNode;
  status?: string;
  testId?: string;
  before?: ReactNode;
  after?: ReactNode;
  gap?: number;
  wrap?: boolean;
}) {
  return (
    <Flex gap={gap} align="center" wrap={wrap || undefined}>
      {before}
      <span data-testid={testId}>{name}</span>
      {status ? <StatusTag status={status} /> : null}
      {after}
    </Flex>
  );
}

/**
 * A record's page: the failure screen when the record failed to load (or `failed` says so), else the page with
 * `heading` as its title once the record is there (`texts.title` before), the back button and then `actions`.
 */
export function DetailPage({
  query,
  texts,
  back,
  failed,
  heading,
  subtitle,
  actions,
  children,
}: {
  query: DetailQuery;
  texts: DetailTexts;
  back: ReactNode;
  failed?: boolean;
  heading?: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  if (failed || detailFailed(query)) return <DetailFailure query={query} texts={texts} back={back} />;
  return (
    <Page
      title={heading ?? texts.title}
      subtitle={subtitle}
      extra={
        <>
          {back}
          {actions}
        </>
      }
    >
      {children}
    </Page>
  );
}
