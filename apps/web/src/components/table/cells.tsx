/**
 * Light cells of the list tables: plain elements and CSS classes (styles/global.css) in the look of antd's Flex,
 * Typography and Tag. A list of 100 rows draws thousands of cells; antd's components register their styles and read
 * the theme per instance, which was most of a list's render time (docs/decisions/web.md, "Tables: light cells").
 * - `CellText`: one line cut with an ellipsis by CSS, the full text on hover (`title`); antd's `Typography.Text
 *   ellipsis` measured every cell after render (hundreds of forced layouts).
 * - `CellStack` (lines under each other), `CellLine` (side by side), `CellSecondary` (the grey second line), `Dash`.
 * - `TagsCell` (the first tags, the rest behind "+N"), `RefCell` (a vertical's or platform's title with an icon).
 */
import type { CSSProperties, ReactNode } from 'react';
import { LightTag } from '../LightTag';

const textOf = (node: ReactNode): string | undefined => {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) {
    const parts = node.map(textOf);
    return parts.every((p) => p !== undefined) ? parts.join('') : undefined;
  }
  return undefined;
};

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

export function CellText({
  children,
  type,
  strong,
  small,
  style,
  title,
}: {
  children: ReactNode;
  type?: 'secondary';
  strong?: boolean;
  /** the 12 px of a second line */
  small?: boolean;
  style?: CSSProperties;
  title?: string;
}) {
  return (
    <span
      className={classes('lg-cell-text', type === 'secondary' && 'lg-cell-secondary', strong && 'lg-cell-strong', small && 'lg-cell-small')}
      title={title ?? textOf(children)}
      style={style}
    >
      {children}
    </span>
  );
}

/** lines of a cell under each other (antd `Flex vertical`), `width` fixing the column's width */
export function CellStack({
  children,
  width,
  style,
  testId,
}: {
  children: ReactNode;
  width?: number;
  style?: CSSProperties;
  testId?: string;
}) {
  return (
    <div className="lg-cell-stack" style={width ? { width, ...style } : style} data-testid={testId}>
      {children}
    </div>
  );
}

/** pieces of a cell side by side, centred (antd `Flex align="center"`); `wrap` lets them wrap with a 4 px gap */
export function CellLine({
  children,
  wrap,
  style,
  testId,
}: {
  children: ReactNode;
  wrap?: boolean;
  style?: CSSProperties;
  testId?: string;
}) {
  return (
    <div className={classes('lg-cell-line', wrap && 'is-wrap')} style={style} data-testid={testId}>
      {children}
    </div>
  );
}

/** secondary text (antd `Typography.Text type="secondary"`; `type` for success, warning or danger instead), 12 px with
 * `small`, never wrapped with `nowrap` */
export function CellSecondary({
  children,
  small,
  nowrap,
  type = 'secondary',
  testId,
}: {
  children: ReactNode;
  small?: boolean;
  nowrap?: boolean;
  type?: 'secondary' | 'success' | 'warning' | 'danger';
  testId?: string;
}) {
  return (
    <span
      className={classes(`lg-cell-${type}`, small && 'lg-cell-small')}
      style={nowrap ? { whiteSpace: 'nowrap' } : undefined}
      data-testid={testId}
    >
      {children}
    </span>
  );
}

/** An empty cell: a dash in the secondary colour. */
export function Dash() {
  return <span className="lg-cell-secondary">—</span>;
}

/** The first `max` tags, the rest behind "+N" with their titles on hover. */
export function TagsCell({ tags, max = 1 }: { tags: { id: number; title: string }[]; max?: number }) {
  if (!tags.length) return <Dash />;
  return (
    <CellLine style={{ maxWidth: 160, gap: 4 }}>
      {tags.slice(0, max).map((tag) => (
        <LightTag key={tag.id} style={{ maxWidth: 110 }} title={tag.title}>
          {tag.title}
        </LightTag>
      ))}
      {tags.length > max ? (
        <LightTag
          title={tags
            .slice(max)
            .map((x) => x.title)
            .join(', ')}
        >
          +{tags.length - max}
        </LightTag>
      ) : null}
    </CellLine>
  );
}

/** A vertical or platform title, ellipsed in a narrow column, or a dash. */
export function RefCell({ value, icon }: { value: { id: number; title: string } | null; icon?: ReactNode }) {
  if (!value) return <Dash />;
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, maxWidth: 160 }} title={value.title}>
      {icon ? <span style={{ opacity: 0.5, display: 'inline-flex' }}>{icon}</span> : null}
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{value.title}</span>
    </span>
  );
}
