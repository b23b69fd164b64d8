/** Table cells several screens share: a dash for no value, a short tag list, a reference with an icon. */
import type { ReactNode } from 'react';
import { Flex, Tag, Tooltip, Typography } from 'antd';

export const Dash = () => <Typography.Text type="secondary">—</Typography.Text>;

/** The first `max` tags, the rest behind "+N" with their titles on hover. */
export function TagsCell({ tags, max = 1 }: { tags: { id: number; title: string }[]; max?: number }) {
  if (!tags.length) return <Dash />;
  return (
    <Flex gap={4} wrap={false} style={{ maxWidth: 160 }}>
      {tags.slice(0, max).map((tag) => (
        <Tag key={tag.id} style={{ marginInlineEnd: 0, maxWidth: 110, overflow: 'hidden', textOverflow: 'ellipsis' }} title={tag.title}>
          {tag.title}
        </Tag>
      ))}
      {tags.length > max ? (
        <Tooltip
          title={tags
            .slice(max)
            .map((x) => x.title)
            .join(', ')}
        >
          <Tag style={{ marginInlineEnd: 0 }}>+{tags.length - max}</Tag>
        </Tooltip>
      ) : null}
    </Flex>
  );
}

/** A vertical or platform title, ellipsed in a narrow column, or a dash. */
export function RefCell({ value, icon }: { value: { id: number; title: string } | null; icon?: ReactNode }) {
  if (!value) return <Dash />;
  return (
    <Typography.Text style={{ display: 'inline-flex', alignItems: 'center', gap: 6, maxWidth: 160 }} title={value.title}>
      {icon ? <span style={{ opacity: 0.5, display: 'inline-flex' }}>{icon}</span> : null}
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{value.title}</span>
    </Typography.Text>
  );
}
