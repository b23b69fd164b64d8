/** Create a vertical (title, description, status) or rename and describe one. */
import { verticalCreate, type Vertical } from '@leadgrid/shared/sell-side/verticals';
import { useCreateVerticals, useUpdateVerticals } from './api';
import { NS } from './i18n';
import { CatalogueDrawer, type CatalogueDrawerProps } from '../parts';

/** a vertical has no fields besides title, description and status */
const noExtra = { values: () => ({}), item: () => ({}) };

export function VerticalDrawer(props: CatalogueDrawerProps<Vertical>) {
  const create = useCreateVerticals();
  const update = useUpdateVerticals();
  return (
    <CatalogueDrawer
      {...props}
      ns={NS}
      schema={verticalCreate}
      testId="vertical"
      rows={{ minRows: 3, maxRows: 8 }}
      create={create.mutateAsync}
      update={update.mutateAsync}
      extra={noExtra}
      statusHint
      submitOnEnter
    />
  );
}
