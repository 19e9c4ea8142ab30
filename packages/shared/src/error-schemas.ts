import { z } from 'zod';

/**
 * The JSON body of every API error (DESIGN 4), as a zod schema for the OpenAPI document; the
 * type ApiErrorBody is in errors.ts, which the web app loads on its first page without zod.
 */
export const apiErrorBodySchema = z.object({
  message: z.string(),
  /** The spec's message for each field that failed, by the field's path ('userDto.email'). */
  fieldErrors: z.record(z.string(), z.string()).optional(),
});
