import type { z } from 'zod';
import type { apiErrorBodySchema } from './error-schemas';
import type { FilledMessages } from './i18n/message-arguments';

/** The JSON body of every API error (DESIGN 4). */
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/** Typed errors thrown by services; the API's error handler turns them into ApiErrorBody. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    /** Messages filled with arguments, so the caller's language can translate them (issue 19). */
    readonly filled?: FilledMessages,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequest extends AppError {
  constructor(message: string, fieldErrors?: Record<string, string>, filled?: FilledMessages) {
    super(400, message, fieldErrors, filled);
  }
}
export class Unauthorized extends AppError {
  constructor(message = 'Please log in to continue.') {
    super(401, message);
  }
}
export class Forbidden extends AppError {
  constructor(message = 'You do not have access to this.') {
    super(403, message);
  }
}
export class NotFound extends AppError {
  constructor(message = 'Not found.') {
    super(404, message);
  }
}
export class Conflict extends AppError {
  constructor(message: string, fieldErrors?: Record<string, string>, filled?: FilledMessages) {
    super(409, message, fieldErrors, filled);
  }
}
export class TooManyRequests extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

/**
 * A service the request needs (the database, Redis, the payment provider) is not answering, or
 * the server is too busy to take the request now; `retryAfterSeconds` says when to try again.
 */
export class ServiceUnavailable extends AppError {
  readonly retryAfterSeconds: number | undefined;
  constructor(message: string, options?: { cause?: unknown; retryAfterSeconds?: number }) {
    super(503, message);
    if (options?.cause !== undefined) this.cause = options.cause;
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
}
