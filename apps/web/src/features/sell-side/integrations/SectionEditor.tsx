/** The editor of one tab of an integration or a template (the tabs of product §2). */
import type { Owner, SectionOwnerRecord } from './api';
import { ApiParamsSection } from './ApiParamsSection';
import { GoalsSection } from './GoalsSection';
import { InboundSection } from './InboundSection';
import { OutboundSection } from './OutboundSection';
import { StatusMappingSection } from './StatusMappingSection';

/** the section tabs both owners have; `api-params` is the integration's name of the template's `isp` tab */
export const SECTION_TABS = ['goals', 'status-mapping', 'api-params', 'isp', 'outbound-settings', 'inbound-settings'] as const;
export type SectionTab = (typeof SECTION_TABS)[number];

export function SectionEditor({ owner, record, tab }: { owner: Owner; record: SectionOwnerRecord; tab: SectionTab }) {
  switch (tab) {
    case 'goals':
      return <GoalsSection owner={owner} record={record} />;
    case 'status-mapping':
      return <StatusMappingSection owner={owner} record={record} />;
    case 'api-params':
    case 'isp':
      return <ApiParamsSection owner={owner} record={record} />;
    case 'outbound-settings':
      return <OutboundSection owner={owner} record={record} />;
    case 'inbound-settings':
      return <InboundSection owner={owner} record={record} />;
  }
}
