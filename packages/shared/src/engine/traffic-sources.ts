/** Traffic sources (settings > lists > traffic sources): where affiliates buy their traffic. */
import { z } from 'zod';
import { ACTIVE_STATUSES, MAX_PAGE_SIZE } from '../constants';
import { zTitle } from '../validation';
import { editItems, listQuerySchema, statusChangeItem } from '../common';
import { lookupQuery } from '../settings/tags';

export const TRAFFIC_SOURCE_STATUSES = ACTIVE_STATUSES;

export const trafficSourceSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(TRAFFIC_SOURCE_STATUSES),
  createdAt: z.number().int(),
});
export type TrafficSource = z.infer<typeof trafficSourceSchema>;
export const trafficSourceRefSchema = z.object({ id: z.number().int(), title: z.string(), status: z.enum(TRAFFIC_SOURCE_STATUSES) });
export type TrafficSourceRef = z.infer<typeof trafficSourceRefSchema>;

const trafficSourceItems = editItems({ title: zTitle() }, TRAFFIC_SOURCE_STATUSES);
export const trafficSourceCreate = trafficSourceItems.create;
export type TrafficSourceCreate = z.input<typeof trafficSourceCreate>;
export const trafficSourceUpdate = trafficSourceItems.update;
export type TrafficSourceUpdate = z.input<typeof trafficSourceUpdate>;
export const trafficSourceStatusItem = statusChangeItem(TRAFFIC_SOURCE_STATUSES);
export const trafficSourceListQuery = listQuerySchema;
/** loaded once by the layout (product §7): every active source unless a limit is given */
export const trafficSourceLookupQuery = lookupQuery(MAX_PAGE_SIZE);
