/**
 * A tag drawn by one `<span>` and CSS, in antd Tag's look, for what is repeated on every row of a list (statuses,
 * countries, grades). antd's Tag registers its styles and reads the theme per instance; with 100 rows of several
 * tags that was a large share of a list's render time (docs/decisions/web.md, "Tables: light cells"). The colours
 * are antd's own: `ThemeVariables` (rendered once by app/AntdProviders.tsx) writes the theme's tag colours as CSS
 * variables, the same tokens antd's Tag reads (its preset and status colours, with the app's Tag overrides).
 */
import type { CSSProperties, ReactNode } from 'react';

/** antd's preset colours (theme/interface/presetColors) and its status colours with their token names */
export const TAG_PRESETS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
] as const;
export const TAG_STATUSES = { success: 'Success', processing: 'Info', error: 'Error', warning: 'Warning' } as const;

const KNOWN = new Set<string>([...TAG_PRESETS, ...Object.keys(TAG_STATUSES), 'default']);

/** a tag of one of antd's preset or status colours (`default` for anything else), filled (antd 6's default) or outlined */
export function LightTag({
  color = 'default',
  variant = 'filled',
  children,
  title,
  style,
  testId,
}: {
  color?: string;
  variant?: 'filled' | 'outlined';
  children: ReactNode;
  title?: string;
  style?: CSSProperties;
  testId?: string;
}) {
  return (
    <span
      className={`lg-tag lg-tag-${KNOWN.has(color) ? color : 'default'} lg-tag-${variant}${style?.maxWidth ? ' is-cut' : ''}`}
      title={title}
      style={style}
      data-testid={testId}
    >
      {children}
    </span>
  );
}
