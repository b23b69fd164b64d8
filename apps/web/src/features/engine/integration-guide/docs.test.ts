/**
 * The guide's texts of the lead API (IntegrationGuidePage): every field, answer field and answer code the guide lists
 * for `POST /api/v1/leads` — the shared lead schemas and LEAD_API_DOC, from which the server builds the OpenAPI
 * document the guide reads — has its English text in the locales, the same as the document's, and a Russian one.
 */
import { LEAD_API_DOC, leadIntakeAnswerSchema, leadIntakeSchema } from '@leadgrid/shared/engine/leads';
import { describe, expect, it } from 'vitest';
import { en, ru } from './i18n';

type Texts = Record<string, string>;
const CYRILLIC = /[а-яё]/i;
const described = (shape: Record<string, { description?: string }>): Texts =>
  Object.fromEntries(Object.entries(shape).map(([name, schema]) => [name, schema.description ?? '']));
const { summary, description, responses } = LEAD_API_DOC;

describe.each([
  ['request fields', described(leadIntakeSchema.shape), en.docs.fields as Texts, ru.docs.fields as Texts],
  ['answer fields', described(leadIntakeAnswerSchema.shape), en.docs.answer as Texts, ru.docs.answer as Texts],
  [
    'operation',
    { summary, description, ...Object.fromEntries(Object.entries(responses).map(([code, text]) => [`responses.${code}`, text])) },
    flat(en.docs.operations[LEAD_API_DOC.operationId]),
    flat(ru.docs.operations[LEAD_API_DOC.operationId]),
  ],
])('the lead API’s %s', (_what, document, english, russian) => {
  it('each has its English text, the document’s own', () => {
    expect(Object.values(document).every(Boolean)).toBe(true);
    expect(english).toEqual(document);
  });

  it('each has a Russian text', () => {
    expect(Object.keys(russian).sort()).toEqual(Object.keys(document).sort());
    expect(Object.entries(russian).filter(([, text]) => !CYRILLIC.test(text))).toEqual([]);
  });
});

/** `{ summary, responses: { 200 } }` → `{ summary, 'responses.200' }` */
function flat(tree: Record<string, string | Texts>, prefix = ''): Texts {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [[`${prefix}${key}`, value]] : Object.entries(flat(value, `${key}.`)),
    ),
  );
}
