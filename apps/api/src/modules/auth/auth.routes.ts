import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  forgotPasswordSchema,
  loginSchema,
  registerUserSchema,
  resetPasswordSchema,
} from '@marketplace/shared';
import type { AuthService } from './auth.service';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post('/auth/registerUser', { schema: { body: registerUserSchema } }, async (request, reply) =>
    reply.code(201).send(await auth.register(request.body)),
  );

  app.post('/auth/login', { schema: { body: loginSchema } }, (request) =>
    auth.login(request.body, request.ip),
  );

  app.post(
    '/auth/forgot-password',
    { schema: { body: forgotPasswordSchema } },
    async (request, reply) => reply.code(202).send(await auth.forgotPassword(request.body.email)),
  );

  app.post(
    '/auth/reset-password',
    { schema: { body: resetPasswordSchema } },
    async (request, reply) => {
      await auth.resetPassword(request.body.token, request.body.password);
      return reply.code(204).send();
    },
  );
};
