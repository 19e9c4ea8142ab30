import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  AppError,
  MESSAGES,
  ServiceUnavailable,
  TooManyRequests,
  issueArguments,
  type ApiErrorBody,
  type FilledMessages,
  type MessageArguments,
} from '@marketplace/shared';
import { isDatabaseUnavailable } from '../../db/client';
import { inCallerLanguage } from './error-language';

/** When a client may try again after the database went away: a restart or failover takes seconds. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * Turns every failure into DESIGN 4's JSON shape. Validation answers 400 with the first
 * rule's message (the spec's forms stop at the first failure) and every field's message.
 * A 5xx says nothing about its cause: that goes to the log only. A database that cannot be
 * reached answers 503 (try again), not 500: nothing is wrong with the request or the code.
 */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const send = (status: number, body: ApiErrorBody, filled?: FilledMessages) =>
      reply.code(status).send(inCallerLanguage(body, request.headers['accept-language'], filled));
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string> = {};
      const filled: Record<string, MessageArguments> = {};
      for (const issue of error.validation) {
        const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || '_';
        fieldErrors[field] ??= issue.message ?? 'Invalid value.';
        // The zod issue's own params are one level down in the validation error's.
        const args = issueArguments(issue.params);
        if (args && issue.message) filled[issue.message] = args;
      }
      const body: ApiErrorBody = {
        message: error.validation[0]?.message ?? 'Invalid request.',
        fieldErrors,
      };
      return send(400, body, filled);
    }
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      if (error instanceof TooManyRequests) reply.header('retry-after', error.retryAfterSeconds);
      // Every 503 says when to come back, so that clients do not retry at once and pile up.
      if (error instanceof ServiceUnavailable) {
        reply.header('retry-after', error.retryAfterSeconds ?? RETRY_AFTER_SECONDS);
      }
      const body: ApiErrorBody = { message: error.message };
      if (error.fieldErrors) body.fieldErrors = error.fieldErrors;
      return send(error.statusCode, body, error.filled);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(status, { message: clientErrorMessage(error) });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', RETRY_AFTER_SECONDS);
      return send(503, { message: MESSAGES.serviceUnavailable });
    }
    request.log.error({ err: error }, 'request failed');
    return send(500, { message: MESSAGES.serverError });
  });
});

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return MESSAGES.invalidJson;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return MESSAGES.bodyTooLarge;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return MESSAGES.unsupportedMediaType;
    default:
      return error.message;
  }
}
