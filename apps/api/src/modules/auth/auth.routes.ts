import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  registerUserSchema,
  resetPasswordSchema,
  revertEmailSchema,
  userNameParamsSchema,
} from '@marketplace/shared';
import type { AuthService } from './auth.service';
import { deviceCookie, deviceCookieOf } from './device-token';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post('/auth/registerUser', { schema: { body: registerUserSchema } }, async (request, reply) =>
    reply.code(201).send(await auth.register(request.body)),
  );

  app.post('/auth/login', { schema: { body: loginSchema } }, async (request, reply) => {
    const { response, deviceToken } = await auth.login(request.body, {
      address: request.ip,
      deviceToken: deviceCookieOf(request.headers.cookie),
    });
    if (deviceToken)
      reply.header('set-cookie', deviceCookie(deviceToken, request.protocol === 'https'));
    return response;
  });

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

  app.post('/auth/revert-email', { schema: { body: revertEmailSchema } }, (request) =>
    auth.revertEmail(request.body.token),
  );

  // Under /user like the profile it belongs to; auth owns passwords, so the route lives here.
  app.put(
    '/user/:userName/password',
    {
      schema: { params: userNameParamsSchema, body: changePasswordSchema },
      preHandler: app.authenticate,
    },
    (request) =>
      auth.changePassword(request.currentUser!.userName, request.params.userName, request.body),
  );
};
