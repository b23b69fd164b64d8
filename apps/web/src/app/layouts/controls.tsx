/** Header controls shared by the auth and main layouts: brand, theme switch, language switch. */
import { CheckOutlined, GlobalOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons';
import { LOCALES, type Locale } from '@leadgrid/shared/constants';
import { Button, Flex, Popover, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicSettings, useSystemName } from '../../api/settings';
import { LogoMark } from '../../components/illustrations';
import { changeLocale } from '../../i18n';
import { setTheme, useThemeMode } from '../preferences';

/** The white-label logo and system name (the built-in mark when no logo is configured). */
export function Brand({ compact = false, size = 32 }: { compact?: boolean; size?: number }) {
  const { data } = usePublicSettings();
  const name = useSystemName();
  return (
    <Flex align="center" gap={10} style={{ minWidth: 0 }}>
      {data?.logoUrl ? (
        <img
          src={data.logoUrl}
          alt={name}
          style={{ height: size, width: 'auto', maxWidth: compact ? size : 140, objectFit: 'contain', flexShrink: 0 }}
        />
      ) : (
        <LogoMark size={size} style={{ flexShrink: 0 }} />
      )}
      {compact ? null : (
        <Typography.Text strong ellipsis style={{ fontSize: 17, letterSpacing: '-0.01em' }}>
          {name}
        </Typography.Text>
      )}
    </Flex>
  );
}

export function ThemeSwitch() {
  const { t } = useTranslation();
  const mode = useThemeMode();
  const next = mode === 'dark' ? 'light' : 'dark';
  return (
    <Tooltip title={t(next === 'dark' ? 'header.themeDark' : 'header.themeLight')}>
      <Button
        type="text"
        shape="circle"
        aria-label={t(next === 'dark' ? 'header.themeDark' : 'header.themeLight')}
        icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />}
        onClick={() => setTheme(next)}
        data-testid="theme-switch"
      />
    </Tooltip>
  );
}

const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', ru: 'Русский' };

/**
 * The language choice: a popover of two buttons rather than a Dropdown, whose menu component the login page would
 * otherwise load (docs/decisions/web.md).
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const current = (i18n.language as Locale) ?? 'en';
  const choices = (
    <Flex vertical role="listbox" aria-label={t('header.language')} style={{ minWidth: 140 }}>
      {LOCALES.map((code) => (
        <Button
          key={code}
          type="text"
          role="option"
          aria-selected={code === current}
          lang={code}
          onClick={() => {
            setOpen(false);
            void changeLocale(code);
          }}
          style={{ justifyContent: 'space-between', display: 'flex' }}
        >
          <span>{LANGUAGE_NAMES[code]}</span>
          {code === current ? <CheckOutlined /> : null}
        </Button>
      ))}
    </Flex>
  );
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      content={choices}
      placement="bottomRight"
      arrow={false}
      styles={{ container: { padding: 4 } }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('header.language')} aria-haspopup="listbox" data-testid="language-switch">
        {current.toUpperCase()}
      </Button>
    </Popover>
  );
}
