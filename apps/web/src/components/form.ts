/**
 * The one adapter between the shared product §5 rules / zod schemas and antd forms, so every form shows the
 * same product §8 message keys (translated through `validation.<key>`), and server errors land on their field.
 */
import { rules as sharedRules, type RuleResult } from '@leadgrid/shared/validation';
import type { FormInstance, Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { ApiError, serverMessageText } from '../api/client';

/** When a rule runs: a Form.Item with validateTrigger={['onChange', 'onBlur']} lets each rule pick its moment. */
type Trigger = 'onChange' | 'onBlur';

/** A message key of product §8 in the user's language; any other text is shown as it is. */
export const messageText = (t: TFunction, key: string) => t(`validation.${key}`, { defaultValue: key });

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** `required` (product §5: non-empty array, object with keys, otherwise truthy) */
export function requiredRule(t: TFunction, trigger?: Trigger): Rule {
  return {
    required: true,
    validateTrigger: trigger,
    validator: async (_rule, value) => {
      const result = sharedRules.required(value);
      if (result !== true) throw new Error(messageText(t, result));
    },
  };
}

/** A field checked by a shared zod schema; an empty optional value passes (product §5). */
export function zodRule(schema: ZodType, t: TFunction, trigger?: Trigger): Rule {
  return {
    validateTrigger: trigger,
    validator: async (_rule, value) => {
      if (isEmpty(value)) return;
      const parsed = schema.safeParse(value);
      if (!parsed.success) throw new Error(messageText(t, parsed.error.issues[0]?.message ?? 'pattern'));
    },
  };
}

/** A field checked by one of the shared `rules` (or any check answering true or a message key). */
export function checkRule(check: (value: unknown) => RuleResult, t: TFunction): Rule {
  return {
    validator: async (_rule, value) => {
      const result = check(value);
      if (result !== true) throw new Error(messageText(t, result));
    },
  };
}

/**
 * Puts the server's `errors[]` on the form fields they name (the last `loc` element is the field name).
 * Answers the messages that name no field of this form, for the caller to show near the form.
 */
export function applyServerErrors(form: FormInstance, error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  const fields = new Set(Object.keys(form.getFieldsValue()));
  const byField = new Map<string, string[]>();
  const rest: string[] = [];
  for (const item of error.errors) {
    const name = [...item.loc].reverse().find((p): p is string => typeof p === 'string');
    const text = serverMessageText(item.msg);
    if (name && fields.has(name)) byField.set(name, [...(byField.get(name) ?? []), text]);
    else rest.push(text);
  }
  if (byField.size) form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
  if (error.errors.length === 0) rest.push(error.message);
  return rest;
}

/** Messages already on the form are re-checked in the new language when the user switches it. */
export function useRevalidateOnLanguageChange(form: FormInstance) {
  const { i18n } = useTranslation();
  useEffect(() => {
    const onChange = () => {
      const withErrors = form
        .getFieldsError()
        .filter((f) => f.errors.length > 0)
        .map((f) => f.name);
      if (withErrors.length) form.validateFields(withErrors).catch(() => undefined);
    };
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [form, i18n]);
}
