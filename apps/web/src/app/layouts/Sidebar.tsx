/** The sidebar (product §2): built from the route table, minimisable, submenus open on the current route. */
import type { AccessSubject } from '@leadgrid/shared/access/permissions';
import { Layout, Menu, theme, type MenuProps } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { FINANCE_MENU_KEY, UNPAID_MENU_KEYS, UnpaidCount, UnpaidDot, useUnpaidCounts } from '../../features/money/unpaid';
import { menuFor } from '../menus';
import { resolveLink, type MenuLeaf, type MenuNode } from '../routes';
import { Brand } from './controls';

export const SIDER_WIDTH = 248;
export const SIDER_COLLAPSED_WIDTH = 72;

const matches = (pathname: string, prefix: string) =>
  prefix === '/' ? pathname === '/' : pathname === prefix || pathname.startsWith(`${prefix}/`);

/** The current item: the one whose match prefix is the longest prefix of the path. */
export function currentItem(nodes: MenuNode[], pathname: string, subject: AccessSubject): { leaf?: MenuLeaf; group?: string } {
  let best: { leaf?: MenuLeaf; group?: string; length: number } = { length: -1 };
  const consider = (leaf: MenuLeaf, group?: string) => {
    const prefix = (leaf.match ?? resolveLink(leaf.to, subject)).split('?')[0];
    if (matches(pathname, prefix) && prefix.length > best.length) best = { leaf, group, length: prefix.length };
  };
  for (const node of nodes) {
    if (node.kind === 'leaf') consider(node);
    if (node.kind === 'group') node.children.forEach((c) => consider(c, node.key));
  }
  return { leaf: best.leaf, group: best.group };
}

/** `inDrawer`: the phone's menu drawer (app/layouts/MainLayout.tsx) holds it, so it is not fixed to the page */
export function Sidebar({
  subject,
  collapsed,
  profileMode,
  inDrawer = false,
}: {
  subject: AccessSubject;
  collapsed: boolean;
  profileMode: boolean;
  inDrawer?: boolean;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  const nodes = useMemo(() => menuFor(subject, profileMode ? 'profile' : 'main'), [subject, profileMode]);
  const current = currentItem(nodes, pathname, subject);
  const [openKeys, setOpenKeys] = useState<string[]>(current.group ? [current.group] : []);
  const nav = useRef<HTMLElement>(null);
  const selectedKey = current.leaf?.key;
  // product §2: unpaid-invoice counts with an indicator, refreshed on a click of the finance menu
  const unpaid = useUnpaidCounts();
  const countOf = (key: string) =>
    key === UNPAID_MENU_KEYS.affiliate ? unpaid.counts.affiliate : key === UNPAID_MENU_KEYS.advertiser ? unpaid.counts.advertiser : 0;
  const financeGroup = nodes.find((n) => n.key === FINANCE_MENU_KEY);
  const financeKeys = new Set(financeGroup?.kind === 'group' ? [FINANCE_MENU_KEY, ...financeGroup.children.map((c) => c.key)] : []);

  // a long menu keeps the current item in view (after the submenu has opened)
  useEffect(() => {
    const timer = window.setTimeout(() => nav.current?.querySelector('.ant-menu-item-selected')?.scrollIntoView({ block: 'nearest' }), 250);
    return () => window.clearTimeout(timer);
  }, [selectedKey]);

  // product §4: submenus open when the current route matches a child
  useEffect(() => {
    if (collapsed) setOpenKeys([]);
    else if (current.group) setOpenKeys((keys) => (keys.includes(current.group!) ? keys : [...keys, current.group!]));
  }, [current.group, collapsed]);

  const items: MenuProps['items'] = nodes.map((node) => {
    if (node.kind === 'disabled')
      return { key: node.key, icon: node.icon, label: t(node.label), disabled: true, title: t('nav.unavailable') };
    const leafItem = (leaf: MenuLeaf) => ({
      key: leaf.key,
      icon: leaf.icon,
      label: (
        <Link to={resolveLink(leaf.to, subject)}>
          {t(leaf.label)}
          <UnpaidCount count={countOf(leaf.key)} testId={`unpaid-count-${leaf.key}`} />
        </Link>
      ),
    });
    if (node.kind === 'leaf') return leafItem(node);
    const label =
      node.key === FINANCE_MENU_KEY ? (
        <>
          {t(node.label)}
          <UnpaidDot show={unpaid.counts.affiliate + unpaid.counts.advertiser > 0} />
        </>
      ) : (
        t(node.label)
      );
    return {
      key: node.key,
      icon: node.icon,
      label,
      children: node.children.map(leafItem),
      onTitleClick: node.key === FINANCE_MENU_KEY ? unpaid.refresh : undefined,
    };
  });

  return (
    <Layout.Sider
      width={SIDER_WIDTH}
      collapsedWidth={SIDER_COLLAPSED_WIDTH}
      collapsed={collapsed}
      trigger={null}
      style={
        inDrawer
          ? { height: '100%' }
          : {
              position: 'fixed',
              insetBlock: 0,
              insetInlineStart: 0,
              height: '100vh',
              zIndex: 20,
              borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
            }
      }
      data-testid="sidebar"
      data-collapsed={collapsed ? 'true' : 'false'}
    >
      <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
        <Link
          to="/"
          style={{
            display: 'flex',
            alignItems: 'center',
            height: 60,
            padding: collapsed ? '0 20px' : '0 20px',
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
            flexShrink: 0,
            overflow: 'hidden',
          }}
        >
          <Brand compact={collapsed} />
        </Link>
        <nav ref={nav} className="lg-sider-scroll" aria-label={t('nav.label')} style={{ padding: '10px 0' }}>
          <Menu
            className="lg-sider-menu"
            mode="inline"
            inlineCollapsed={collapsed}
            items={items}
            selectedKeys={current.leaf ? [current.leaf.key] : []}
            openKeys={openKeys}
            onOpenChange={setOpenKeys}
            onClick={({ key }) => financeKeys.has(key) && unpaid.refresh()}
            inlineIndent={24}
          />
        </nav>
      </div>
    </Layout.Sider>
  );
}
