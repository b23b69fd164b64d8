/** Turns every error into `{statusCode, message, errors}`; 5xx details stay in the log. */
import type { ApiErrorItem } from '@leadgrid/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, pgErrorCode } from './errors';

/** Postgres errors caused by input that slipped past validation: answered as 4xx, never 500. */
const PG_INPUT_ERRORS: Record<string, [number, string]> = {
  '23505': [409, 'A record with these values already exists'],
  '23503': [409, 'A related record does not exist or is still in use'],
  '23514': [400, 'A value is out of the allowed range'],
  '22001': [400, 'A value is too long'],
  '22003': [400, 'A number is out of range'],
  '22P02': [400, 'A value has an invalid format'],
  '22007': [400, 'A date has an invalid format'],
  '22008': [400, 'A date is out of range'],
  // a NUL character in a text value (text) or a \u0000 escape in a JSON value (jsonb)
  '22021': [400, 'A value contains a character that is not allowed'],
  '22P05': [400, 'A value contains a character that is not allowed'],
};

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return reply
        .status(err.statusCode)
        .send({ statusCode: err.statusCode, message: err.message, ...(err.errors ? { errors: err.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = (err as { validationContext?: string }).validationContext ?? 'body';
      const errors: ApiErrorItem[] = err.validation.map((v) => ({
        msg: v.message ?? 'invalid',
        type: v.keyword,
        loc: [
          where,
          ...v.instancePath
            .split('/')
            .filter(Boolean)
            .map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
        ],
      }));
      return reply.status(400).send({ statusCode: 400, message: 'Validation failed', errors });
    }
    if (isResponseSerializationError(err as never) && (err as { cause?: unknown }).cause) {
      req.log.error({ err }, 'response does not match its schema');
      return reply.status(500).send({ statusCode: 500, message: 'Internal server error' });
    }
    const pg = pgErrorCode(err);
    if (pg && PG_INPUT_ERRORS[pg]) {
      const [statusCode, message] = PG_INPUT_ERRORS[pg];
      req.log.warn({ err: { message: err.message, code: pg } }, 'database rejected input');
      return reply.status(statusCode).send({ statusCode, message });
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) {
      req.log.error({ err }, 'unhandled error');
      return reply.status(500).send({ statusCode: 500, message: 'Internal server error' });
    }
    const message =
      err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err instanceof SyntaxError
        ? 'Malformed JSON body'
        : status === 413
          ? 'The request is too large'
          : status === 429
            ? 'Too many requests, please try again later'
            : err.message;
    return reply.status(status).send({ statusCode: status, message });
  });

  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ statusCode: 404, message: `Route ${req.method} ${req.url.split('?')[0]} not found` });
  });
}
