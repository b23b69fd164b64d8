/**
 * antd's theme of each mode and its locale of each language: plain data, shared by the providers (AntdProviders.tsx)
 * and the toasts raised before they mount (toasts.ts).
 */
import { theme as antTheme, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import ruRU from 'antd/locale/ru_RU';
import type { ThemeMode } from './preferences';

export const BRAND = '#4f46e5';
/** the brand as text and marks on the dark theme's surfaces (about 8:1 on #14171f) */
const DARK_PRIMARY_TEXT = '#b9b6ff';
/** success, warning and error as text in the light theme: the 8th antd shades, 4.5:1 or more on white and on their pale fills */
const LIGHT_STATUS_TEXT = { colorSuccess: '#237804', colorWarning: '#ad4e00', colorError: '#cf1322' };
const FONT = `-apple-system, BlinkMacSystemFont, 'Segoe UI', 'Inter', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif`;

export function themeConfig(mode: ThemeMode): ThemeConfig {
  const dark = mode === 'dark';
  return {
    algorithm: dark ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
    token: {
      colorPrimary: dark ? '#6d68f5' : BRAND,
      colorInfo: dark ? '#6d68f5' : BRAND,
      // danger buttons and status texts (Typography type success/warning/danger): antd's shades read 2.2-3.3:1 on white
      ...(dark
        ? {}
        : {
            colorError: LIGHT_STATUS_TEXT.colorError,
            colorSuccessText: LIGHT_STATUS_TEXT.colorSuccess,
            colorWarningText: LIGHT_STATUS_TEXT.colorWarning,
            colorErrorText: LIGHT_STATUS_TEXT.colorError,
          }),
      borderRadius: 8,
      fontFamily: FONT,
      colorBgLayout: dark ? '#0b0d12' : '#f4f6fb',
      colorBgContainer: dark ? '#14171f' : '#ffffff',
      colorBgElevated: dark ? '#1b1f2a' : '#ffffff',
      colorBorderSecondary: dark ? '#232836' : '#eceef3',
      colorBorder: dark ? '#2f3546' : '#d9dde6',
      // WCAG AA contrast (4.5:1, docs/decisions/web.md "Accessibility check"): antd's tertiary text (secondary
      // Typography, descriptions, hints, empty states) and placeholders are 45% black or white, about 3.4:1
      colorTextTertiary: dark ? 'rgba(255,255,255,0.6)' : 'rgba(0,0,0,0.6)',
      colorTextDescription: dark ? 'rgba(255,255,255,0.6)' : 'rgba(0,0,0,0.6)',
      colorTextPlaceholder: dark ? 'rgba(255,255,255,0.55)' : 'rgba(0,0,0,0.58)',
      // the dark primary is a button fill under white text (4.5:1 there); as text on the dark page it is too dim
      ...(dark ? { colorLink: DARK_PRIMARY_TEXT, colorLinkHover: '#c4c2ff' } : {}),
    },
    components: {
      Layout: {
        headerBg: dark ? '#14171f' : '#ffffff',
        siderBg: dark ? '#14171f' : '#ffffff',
        bodyBg: dark ? '#0b0d12' : '#f4f6fb',
        headerPadding: '0 20px',
        headerHeight: 60,
      },
      Menu: {
        itemBg: 'transparent',
        subMenuItemBg: 'transparent',
        itemBorderRadius: 8,
        itemMarginInline: 8,
        itemHeight: 38,
        iconSize: 16,
        collapsedIconSize: 17,
        itemSelectedBg: dark ? 'rgba(109,104,245,0.18)' : '#eef0fe',
        itemSelectedColor: dark ? DARK_PRIMARY_TEXT : BRAND,
        subMenuItemSelectedColor: dark ? DARK_PRIMARY_TEXT : BRAND,
      },
      Card: { headerFontSize: 15 },
      Tabs: dark ? { itemSelectedColor: DARK_PRIMARY_TEXT, itemActiveColor: DARK_PRIMARY_TEXT, itemHoverColor: '#c4c2ff' } : {},
      // status tags and texts are coloured text on white or a pale fill of the same hue: antd's 6th and 7th shades read 2-3.5:1 of the same hue: antd's 6th shades read 2-3:1 on it
      // in the dark theme antd's purple tag text reads under 4.5:1 on its own dark fill: the 3rd shade
      Tag: dark
        ? { purple7: '#d3adf7' }
        : {
            ...LIGHT_STATUS_TEXT,
            green7: '#237804',
            orange7: '#ad4e00',
            gold7: '#874d00',
            cyan7: '#006d75',
            volcano7: '#ad2102',
            lime7: '#5b8c00',
          },
      // an unchecked switch with a word on it: white on antd's 25% black track reads 1.6:1
      Switch: dark ? {} : { colorTextQuaternary: 'rgba(0,0,0,0.55)', colorTextTertiary: 'rgba(0,0,0,0.65)' },
      // dark: antd's error red as a danger button's text reads 4.2:1 on the page; the 4th shade reads 6.5:1, and a solid
      // danger button (that shade as its fill) carries the page's colour as text instead of white (2.6:1 on it)
      Button: dark ? { colorError: '#ff7875', colorErrorHover: '#ffa39e', colorErrorActive: '#ff4d4f', dangerColor: '#14171f' } : {},
      // a table's empty text given as a plain string (`locale.emptyText`) is antd's disabled text, 25% black or white
      Table: { headerBg: dark ? '#181c26' : '#f8f9fc', colorTextDisabled: dark ? 'rgba(255,255,255,0.6)' : 'rgba(0,0,0,0.6)' },
    },
  };
}

export const antdLocale = (language: string) => (language === 'ru' ? ruRU : enUS);
