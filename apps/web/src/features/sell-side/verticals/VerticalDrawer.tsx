/** Create a vertical (title, description, status) or rename and describe one. */
import { verticalCreate, type Vertical } from '@leadgrid/shared/sell-side/verticals';
import { useTranslation } from 'react-i18next';
import { useCreateVerticals, useUpdateVerticals } from './api';
import { NS } from './i18n';
import { CatalogueDrawer } from '../parts';

/** a vertical has no fields besides title, description and status */
const noExtra = { values: () => ({}), item: () => ({}) };

export function VerticalDrawer({
  open,
  initial,
  onClose,
  onSaved,
}: {
  open: boolean;
  initial: Vertical | null;
  onClose(): void;
  onSaved?(vertical: Vertical): void;
}) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const create = useCreateVerticals();
  const update = useUpdateVerticals();
  return (
    <CatalogueDrawer
      open={open}
      initial={initial}
      onClose={onClose}
      onSaved={onSaved}
      t={t}
      tc={tc}
      schema={verticalCreate}
      testId="vertical"
      rows={{ minRows: 3, maxRows: 8 }}
      create={create.mutateAsync}
      update={update.mutateAsync}
      extra={noExtra}
      statusHint={t('hints.status')}
      submitOnEnter
    />
  );
}
