/** A phone's filter bar (components/table/DataTable.tsx under 768 px): the table's toolbar in a drawer. */
import { Drawer, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function FiltersDrawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Drawer open={open} onClose={onClose} title={t('table.filtersTitle')} placement="right" data-testid="filters-drawer">
      <Flex vertical gap={12} align="stretch" className="lg-filters-stack">
        {children}
      </Flex>
    </Drawer>
  );
}
