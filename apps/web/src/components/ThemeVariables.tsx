/**
 * antd's theme as CSS variables on the document, for the light pieces drawn by plain elements and CSS
 * (components/LightTag.tsx, the cells of components/table/cells.tsx): the same tokens antd's Tag and Typography read,
 * with the app's Tag overrides (app/theme.ts), so they look the same in each theme. The page's own colours are styles/auth.css's. Rendered once inside antd's
 * ConfigProvider (app/AntdProviders.tsx).
 */
import { theme, type ThemeConfig } from 'antd';
import { useInsertionEffect } from 'react';
import { TAG_PRESETS, TAG_STATUSES } from './LightTag';

type Token = Record<string, unknown>;
const v = (value: unknown) => String(value);

const channels = (color: string): number[] | null => {
  const hex = /^#([0-9a-f]{6})$/i.exec(color);
  if (hex) return [0, 2, 4].map((i) => parseInt(hex[1].slice(i, i + 2), 16)).concat(1);
  const rgb = /^rgba?\(([^)]+)\)$/i.exec(color);
  if (!rgb) return null;
  const parts = rgb[1].split(',').map((p) => Number(p.trim()));
  return parts.length >= 3 && parts.every((n) => Number.isFinite(n)) ? [parts[0], parts[1], parts[2], parts[3] ?? 1] : null;
};

/** a translucent colour laid over an opaque one, as one opaque colour (antd's `FastColor.onBackground`) */
export function over(color: string, background: string): string {
  const [fg, bg] = [channels(color), channels(background)];
  if (!fg || !bg) return color;
  const mixed = [0, 1, 2].map((i) => Math.round(fg[i] * fg[3] + bg[i] * (1 - fg[3])));
  return `rgb(${mixed.join(', ')})`;
}

/** the CSS variables of the tag colours (antd Tag: preset 1/3/7 shades, status Bg/Border/text) */
export function tagVariables(token: Token): string[] {
  const vars = [
    // antd's Tag: its default fill laid over the container (so a hovered or selected row does not show through)
    `--lg-tag-default-bg:${over(v(token.colorFillTertiary), v(token.colorBgContainer))}`,
    `--lg-tag-default-fg:${v(token.colorText)}`,
    `--lg-tag-default-border:${v(token.colorBorder)}`,
    `--lg-tag-radius:${v(token.borderRadiusSM)}px`,
  ];
  for (const c of TAG_PRESETS)
    vars.push(
      `--lg-tag-${c}-bg:${v(token[`${c}1`])}`,
      `--lg-tag-${c}-fg:${v(token[`${c}7`])}`,
      `--lg-tag-${c}-border:${v(token[`${c}3`])}`,
    );
  for (const [c, name] of Object.entries(TAG_STATUSES))
    vars.push(
      `--lg-tag-${c}-bg:${v(token[`color${name}Bg`])}`,
      `--lg-tag-${c}-fg:${v(token[`color${name}`])}`,
      `--lg-tag-${c}-border:${v(token[`color${name}Border`])}`,
    );
  return vars;
}

export function ThemeVariables({ components }: { components?: ThemeConfig['components'] }) {
  const { token } = theme.useToken();
  const global = token as unknown as Token;
  const css = `:root{${[
    ...tagVariables({ ...global, ...(components?.Tag as Token | undefined) }),
    // antd Typography's success, warning and danger texts
    `--lg-text-success:${v(global.colorSuccessText)}`,
    `--lg-text-warning:${v(global.colorWarningText)}`,
    `--lg-text-danger:${v(global.colorErrorText)}`,
  ].join(';')}}`;
  useInsertionEffect(() => {
    let style = document.getElementById('lg-theme-variables');
    if (!style) {
      style = document.createElement('style');
      style.id = 'lg-theme-variables';
      document.head.appendChild(style);
    }
    style.textContent = css;
  }, [css]);
  return null;
}
