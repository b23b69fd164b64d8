/** One error class for services; the Fastify error handler turns it into `{statusCode, message, errors}`. */
import type { ApiErrorItem } from '@leadgrid/shared';

export const ERROR_STATUS = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  BUSINESS_RULE: 422,
  RATE_LIMITED: 429,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: ApiErrorItem[],
  ) {
    super(message);
  }
  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
  static notFound(what = 'Record') {
    return new AppError('NOT_FOUND', `${what} not found`);
  }
  static forbidden(message = 'You do not have permission to do this') {
    return new AppError('FORBIDDEN', message);
  }
  static unauthenticated(message = 'Authentication required') {
    return new AppError('UNAUTHENTICATED', message);
  }
  static conflict(message: string, errors?: ApiErrorItem[]) {
    return new AppError('CONFLICT', message, errors);
  }
  static business(message: string, errors?: ApiErrorItem[]) {
    return new AppError('BUSINESS_RULE', message, errors);
  }
  /** validation errors on several fields at once */
  static validation(errors: ApiErrorItem[], message = 'Validation failed') {
    return new AppError('VALIDATION', message, errors);
  }
  /** a validation error on one field: `loc` like ['body', 'items', 0, 'title'] */
  static field(loc: (string | number)[], msg: string, message = 'Validation failed', type = msg) {
    return new AppError('VALIDATION', message, [{ msg, type, loc }]);
  }
}

/** Postgres error codes that mean bad input rather than a server fault. */
export function pgErrorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e?.code === 'string' ? e.code : typeof e?.cause?.code === 'string' ? e.cause.code : undefined;
  return code && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}
export const isUniqueViolation = (err: unknown) => pgErrorCode(err) === '23505';
