/**
 * The staff review (issue 15): staff accounts created, or given credentials, a role or permissions, by someone who
 * was not an administrator — read from the audit log, so an operator can check the accounts made through the
 * privilege defects fixed then.
 */
import { z } from 'zod';
import { ROLE_TYPES } from './permissions';
import { listQuerySchema } from '../common';

export const STAFF_REVIEW_CHANGES = ['created', 'email', 'password', 'role', 'permissions'] as const;
export type StaffReviewChange = (typeof STAFF_REVIEW_CHANGES)[number];

const person = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  roleTitle: z.string(),
  roleType: z.enum(ROLE_TYPES),
});

export const staffReviewItemSchema = z.object({
  /** the audit entry */
  id: z.number().int(),
  at: z.number().int(),
  changes: z.array(z.enum(STAFF_REVIEW_CHANGES)),
  /** the staff account concerned, as it is now */
  account: person.extend({ status: z.string() }),
  /** who did it (null: a user deleted since), with the role it holds now */
  by: person.nullable(),
  /** the administrator acting as `by`, if any */
  impersonatorId: z.number().int().nullable(),
});
export type StaffReviewItem = z.infer<typeof staffReviewItemSchema>;

export const staffReviewQuery = listQuerySchema.pick({ limit: true, offset: true, withMeta: true }).extend({
  /** from this time on (seconds) */
  since: z.coerce.number({ message: 'number' }).int({ message: 'number' }).min(0, { message: 'min' }).optional(),
});
export type StaffReviewQuery = z.infer<typeof staffReviewQuery>;
