/** The JSON body of every API error (DESIGN 4). */
export interface ApiErrorBody {
  message: string;
  fieldErrors?: Record<string, string>;
}

/** Typed errors thrown by services; the API's error handler turns them into ApiErrorBody. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequest extends AppError {
  constructor(message: string, fieldErrors?: Record<string, string>) {
    super(400, message, fieldErrors);
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
  constructor(message: string, fieldErrors?: Record<string, string>) {
    super(409, message, fieldErrors);
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

/** A service the request needs (the database, Redis, the payment provider) is not answering. */
export class ServiceUnavailable extends AppError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(503, message);
    if (options) this.cause = options.cause;
  }
}
