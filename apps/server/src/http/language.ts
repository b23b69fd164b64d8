/**
 * Server messages in the reader's language (issue 20): the `message` of every JSON answer and the `msg` of its field
 * errors, success and error alike, are translated here and nowhere else, from the shared catalogue. The reader's
 * language is the web app's: its language cookie, sent with every call; without it the web app shows English, and so
 * does the server. The traffic-engine intake (the lead API `POST /api/v1/leads` and the inbound postback
 * `/postback/*`, marked `hotPath`) and the click `/c/*` (answered before Fastify) always answer English: partners'
 * servers parse those texts.
 */
import { LOCALE_COOKIE, type Locale } from '@leadgrid/shared/constants';
import { MESSAGES_RU } from '@leadgrid/shared/i18n/messages.ru';
import { translateMessage, type MessageCatalogue } from '@leadgrid/shared/i18n/translate';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const CATALOGUES: Partial<Record<Locale, MessageCatalogue>> = { ru: MESSAGES_RU };
const COOKIE = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`);

/** the language the reader's web app shows: its cookie, else English */
export function readerLocale(req: FastifyRequest): Locale {
  const value = COOKIE.exec(req.headers.cookie ?? '')?.[1];
  return value === 'ru' ? 'ru' : 'en';
}

/** machines' routes keep English; a path outside every route (a 404) under /postback/ or /c/ too */
const forMachines = (req: FastifyRequest) =>
  req.routeOptions.config?.hotPath === true || req.url.startsWith('/postback/') || req.url.startsWith('/c/');

type Answer = { message?: unknown; errors?: unknown };

export function translateAnswer(payload: unknown, catalogue: MessageCatalogue): unknown {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return payload;
  const answer = payload as Answer;
  const hasMessage = typeof answer.message === 'string';
  const hasErrors = Array.isArray(answer.errors);
  if (!hasMessage && !hasErrors) return payload;
  return {
    ...answer,
    ...(hasMessage ? { message: translateMessage(answer.message as string, catalogue) } : {}),
    ...(hasErrors
      ? {
          errors: (answer.errors as unknown[]).map((e) =>
            e && typeof e === 'object' && typeof (e as { msg?: unknown }).msg === 'string'
              ? { ...e, msg: translateMessage((e as { msg: string }).msg, catalogue) }
              : e,
          ),
        }
      : {}),
  };
}

export function registerMessageLanguage(app: FastifyInstance) {
  app.addHook('preSerialization', async (req, _reply, payload) => {
    const catalogue = CATALOGUES[readerLocale(req)];
    if (!catalogue || forMachines(req)) return payload;
    return translateAnswer(payload, catalogue);
  });
}
