/**
 * The auth layout's header controls (brand, language, theme) without antd, as the signed-in header's (controls.tsx)
 * look: the auth screens load no antd (docs/decisions/web.md, first-load budgets).
 */
import { CheckOutlined, GlobalOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons';
import { LOCALES, type Locale } from '@leadgrid/shared/constants';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicSettings, useSystemName } from '../../api/settings';
import { LogoMark } from '../../components/illustrations';
import { Button } from '../../features/access/auth/kit';
import { changeLocale } from '../../i18n';
import { setTheme, useThemeMode } from '../preferences';

/** The white-label logo and system name (the built-in mark when no logo is configured). */
export function AuthBrand({ size = 32 }: { size?: number }) {
  const { data } = usePublicSettings();
  const name = useSystemName();
  return (
    <div className="lg-brand">
      {data?.logoUrl ? (
        <img src={data.logoUrl} alt={name} style={{ height: size, width: 'auto', maxWidth: 140, objectFit: 'contain', flexShrink: 0 }} />
      ) : (
        <LogoMark size={size} style={{ flexShrink: 0 }} />
      )}
      <strong className="lg-brand-name">{name}</strong>
    </div>
  );
}

export function AuthThemeSwitch() {
  const { t } = useTranslation();
  const mode = useThemeMode();
  const next = mode === 'dark' ? 'light' : 'dark';
  const label = t(next === 'dark' ? 'header.themeDark' : 'header.themeLight');
  return (
    <Button
      variant="text"
      className="lg-btn-circle"
      title={label}
      aria-label={label}
      icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />}
      onClick={() => setTheme(next)}
      data-testid="theme-switch"
    />
  );
}

const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', ru: 'Русский' };

/** The language choice: a button and a list of the languages under it, closed by a choice, a click outside or Escape. */
export function AuthLanguageSwitch() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);
  const current = (i18n.language as Locale) ?? 'en';
  useEffect(() => {
    if (!open) return;
    const outside = (e: MouseEvent) => {
      if (!anchor.current?.contains(e.target as Node)) setOpen(false);
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);
  return (
    <div className="lg-popup-anchor" ref={anchor}>
      <Button
        variant="text"
        icon={<GlobalOutlined />}
        aria-label={t('header.language')}
        aria-haspopup="listbox"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        data-testid="language-switch"
      >
        {current.toUpperCase()}
      </Button>
      {open ? (
        <div className="lg-popup" role="listbox" aria-label={t('header.language')}>
          {LOCALES.map((code) => (
            <Button
              key={code}
              variant="text"
              role="option"
              aria-selected={code === current}
              lang={code}
              onClick={() => {
                setOpen(false);
                void changeLocale(code);
              }}
            >
              <span>{LANGUAGE_NAMES[code]}</span>
              {code === current ? <CheckOutlined /> : null}
            </Button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
