/**
 * NotesPanel: the staff notes of one record — list, add, remove. Detail pages embed it with the record's
 * slug: `<NotesPanel targetSlug={targetSlug('affiliate', id)} />`. Renders nothing for affiliates and
 * advertisers (the server refuses them too).
 */
import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { Note } from '@leadgrid/shared/people/notes';
import { Avatar, Badge, Button, Card, Empty, Flex, Popconfirm, Result, Skeleton, Tooltip, Typography, theme } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isStaff } from '../../app/access';
import { useSession } from '../../app/session';
import { formatDateTime } from '../format';
import { useNotes, useRemoveNote } from './api';
import { NS } from './i18n';

// the note form (antd Form) opens on demand: it loads at the first "Add" (docs/decisions/web.md, first-load budgets)
const NoteForm = lazy(() => import('./NoteForm').then((m) => ({ default: m.NoteForm })));

const initialsOf = (n: Note) =>
  n.createdBy
    ? `${n.createdBy.firstName[0] ?? ''}${n.createdBy.lastName[0] ?? ''}`.toUpperCase() || n.createdBy.email[0].toUpperCase()
    : '?';

function NoteItem({ note, canRemove, targetSlug }: { note: Note; canRemove: boolean; targetSlug: string }) {
  const { t } = useTranslation(NS);
  const { timezone } = useSession();
  const { token } = theme.useToken();
  const remove = useRemoveNote(targetSlug);
  const name = note.createdBy
    ? `${note.createdBy.firstName} ${note.createdBy.lastName}`.trim() || note.createdBy.email
    : t('unknownAuthor');
  return (
    <Flex gap={12} align="start" style={{ padding: '12px 0', borderTop: `1px solid ${token.colorBorderSecondary}` }} data-testid="note">
      <Avatar
        size={32}
        style={{ background: token.colorPrimaryBg, color: token.colorPrimary, fontSize: 12, fontWeight: 600, flex: 'none' }}
      >
        {initialsOf(note)}
      </Avatar>
      <Flex vertical gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Flex justify="space-between" align="center" gap={8}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('by', { name, date: formatDateTime(note.createdAt, timezone) })}
          </Typography.Text>
          {canRemove ? (
            <Popconfirm
              title={t('removeTitle')}
              description={t('removeText')}
              okText={t('remove')}
              cancelText={t('cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutateAsync(note.id)}
            >
              <Tooltip title={t('remove')}>
                <Button type="text" size="small" icon={<DeleteOutlined />} aria-label={t('remove')} loading={remove.isPending} />
              </Tooltip>
            </Popconfirm>
          ) : null}
        </Flex>
        {note.title ? <Typography.Text strong>{note.title}</Typography.Text> : null}
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0, wordBreak: 'break-word' }}>
          {note.content}
        </Typography.Paragraph>
      </Flex>
    </Flex>
  );
}

export function NotesPanel({ targetSlug, bordered = false }: { targetSlug: string; bordered?: boolean }) {
  const { t } = useTranslation(NS);
  const { user, access } = useSession();
  const [adding, setAdding] = useState(false);
  const staff = Boolean(access && isStaff(access));
  const notes = useNotes(targetSlug, staff);
  if (!access || !staff) return null;
  const items = notes.data?.pages.flatMap((p) => p.items) ?? [];
  const total = notes.data?.pages[0]?.meta?.totalCount ?? 0;
  const canRemove = (n: Note) => access.roleType === 'admin' || n.createdBy?.id === user?.id;

  let body;
  if (notes.isPending) body = <Skeleton active avatar paragraph={{ rows: 2 }} />;
  else if (notes.error)
    body = (
      <Result
        status="warning"
        title={t('loadFailed')}
        style={{ padding: '16px 0' }}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void notes.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  else if (items.length === 0 && !adding)
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <Flex vertical gap={2}>
            <Typography.Text strong>{t('emptyTitle')}</Typography.Text>
            <Typography.Text type="secondary">{t('emptyText')}</Typography.Text>
          </Flex>
        }
        style={{ margin: '8px 0' }}
      />
    );
  else
    body = (
      <Flex vertical>
        {items.map((n) => (
          <NoteItem key={n.id} note={n} canRemove={canRemove(n)} targetSlug={targetSlug} />
        ))}
        {notes.hasNextPage ? (
          <Button type="link" onClick={() => void notes.fetchNextPage()} loading={notes.isFetchingNextPage} style={{ alignSelf: 'center' }}>
            {t('more')}
          </Button>
        ) : null}
      </Flex>
    );

  return (
    <Card
      variant={bordered ? 'outlined' : 'borderless'}
      data-testid="notes-panel"
      title={
        <Flex align="center" gap={8}>
          {t('title')}
          {total ? <Badge count={total} color="var(--lg-primary)" /> : null}
        </Flex>
      }
      extra={
        adding ? null : (
          <Button size="small" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="note-add">
            {t('add')}
          </Button>
        )
      }
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('hint')}
        </Typography.Text>
        {adding ? (
          <Suspense fallback={null}>
            <NoteForm targetSlug={targetSlug} onDone={() => setAdding(false)} />
          </Suspense>
        ) : null}
        {body}
      </Flex>
    </Card>
  );
}
