/**
 * The affiliates' integration guide (`GET /api/v1/integration-guide`, docs/decisions/engine.md "Links, onboarding and
 * API"): the lead API as the app's own OpenAPI document describes it, with the caller's token, the white label's name
 * and public URL, curl examples and the postback macros. Nothing of the lead schema is copied here: the server reads
 * the operations and their fields from the OpenAPI document, so a field added to the lead schema shows in the guide.
 */
import { z } from 'zod';
import { zId } from '../validation';

export const integrationGuideQuery = z.object({
  /** the offer the examples post to (one the caller sees) */
  offerId: zId().optional(),
});
export type IntegrationGuideQuery = z.infer<typeof integrationGuideQuery>;

/** one property of a request body or answer, read from the OpenAPI schema */
export const guideFieldSchema = z.object({
  name: z.string(),
  /** the JSON type as the document says it (`string`, `integer`, `boolean`, `object`, `string | null` …) */
  type: z.string(),
  required: z.boolean(),
  description: z.string(),
  /** the allowed values of an enum */
  values: z.array(z.string()),
  maxLength: z.number().int().nullable(),
});
export type GuideField = z.infer<typeof guideFieldSchema>;

export const guideResponseSchema = z.object({
  /** `200`, `400`, … */
  code: z.string(),
  description: z.string(),
});

export const guideExampleSchema = z.object({
  /** `lead` (a real lead) or `test` (a test lead, never sent) */
  kind: z.enum(['lead', 'test']),
  curl: z.string(),
});

export const guideOperationSchema = z.object({
  operationId: z.string(),
  method: z.string(),
  /** the path as the document names it (`/api/v1/leads`) */
  path: z.string(),
  /** the full URL on the platform's public address */
  url: z.string(),
  summary: z.string(),
  description: z.string(),
  fields: z.array(guideFieldSchema),
  answerFields: z.array(guideFieldSchema),
  responses: z.array(guideResponseSchema),
  examples: z.array(guideExampleSchema),
});
export type GuideOperation = z.infer<typeof guideOperationSchema>;

export const guideOfferParameterSchema = z.object({
  name: z.string(),
  title: z.string(),
  type: z.string(),
  required: z.boolean(),
  /** `body` for a standard lead field, `fields` for one sent inside `fields` */
  where: z.enum(['body', 'fields']),
});

export const integrationGuideSchema = z.object({
  /** the white label's name (general settings), never a hard-coded product name */
  brand: z.string(),
  /** the platform's public URL (PUBLIC_URL, else the host the request reached), without a trailing slash */
  publicUrl: z.string(),
  /** the header that carries the token (also accepted: `Authorization: Bearer <token>`) */
  tokenHeader: z.string(),
  /** the caller's own lead API token (an affiliate's); null for staff or an affiliate without one */
  token: z.string().nullable(),
  /** what the examples show in place of a missing token */
  tokenPlaceholder: z.string(),
  offer: z
    .object({
      id: z.number().int(),
      title: z.string(),
      vertical: z.object({ id: z.number().int(), title: z.string() }),
      parameters: z.array(guideOfferParameterSchema),
    })
    .nullable(),
  operations: z.array(guideOperationSchema),
  postback: z.object({
    macros: z.array(z.object({ name: z.string(), group: z.string(), description: z.string() })),
    events: z.array(z.string()),
    /** an example postback URL of the affiliate's tracker, built from the macros */
    example: z.string(),
  }),
});
export type IntegrationGuide = z.infer<typeof integrationGuideSchema>;
