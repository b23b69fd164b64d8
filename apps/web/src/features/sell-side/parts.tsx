/** Pieces the sell-side lists share. */
import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { StatusTab } from '../../components/list/RouteTabs';

type EmptyKey =
  'emptyFilteredTitle' | 'emptyFilteredText' | 'emptyInactiveTitle' | 'emptyInactiveText' | 'emptyTitle' | 'emptyText' | 'create';

/** The empty state of a list with status tabs (platforms, verticals): nothing matches, nothing inactive, or the first to create. */
export function statusListEmpty(
  t: (key: EmptyKey) => string,
  { filtered, tab, create }: { filtered: boolean; tab: StatusTab; create?: () => void },
) {
  if (filtered) return { title: t('emptyFilteredTitle'), description: t('emptyFilteredText') };
  return {
    title: tab === 'inactive' ? t('emptyInactiveTitle') : t('emptyTitle'),
    description: tab === 'inactive' ? t('emptyInactiveText') : t('emptyText'),
    action:
      create && tab !== 'inactive' ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={create}>
          {t('create')}
        </Button>
      ) : undefined,
  };
}
