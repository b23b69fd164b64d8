/**
 * One line of text in a table cell, cut with an ellipsis by CSS, the full text on hover (`title`). antd's
 * `Typography.Text ellipsis` measures every cell after render to decide on its tooltip: with 25–100 rows that is
 * hundreds of forced layouts, which made list pages slow to show their rows (docs/decisions/web.md, tables).
 */
import { theme, Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

const textOf = (node: ReactNode): string | undefined => {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) {
    const parts = node.map(textOf);
    return parts.every((p) => p !== undefined) ? parts.join('') : undefined;
  }
  return undefined;
};

export function CellText({
  children,
  type,
  strong,
  style,
  title,
}: {
  children: ReactNode;
  type?: 'secondary';
  strong?: boolean;
  style?: CSSProperties;
  title?: string;
}) {
  const { token } = theme.useToken();
  return (
    <span
      className="lg-cell-text"
      title={title ?? textOf(children)}
      style={{
        color: type === 'secondary' ? token.colorTextSecondary : undefined,
        fontWeight: strong ? token.fontWeightStrong : undefined,
        ...style,
      }}
    >
      {children}
    </span>
  );
}

/** An empty cell: a dash in the secondary colour. */
export function Dash() {
  return <Typography.Text type="secondary">—</Typography.Text>;
}
