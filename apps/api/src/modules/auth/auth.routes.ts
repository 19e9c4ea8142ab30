import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordSchema,
  loginResponseSchema,
  revertEmailResponseSchema,
  userProfileSchema,
  forgotPasswordSchema,
  loginSchema,
  negotiateLocale,
  registerUserSchema,
  resetPasswordSchema,
  revertEmailSchema,
  userNameParamsSchema,
} from '@marketplace/shared';
import { created, errors, noContent, ok, SIGNED_IN } from '../../plugins/app/openapi';
import type { AuthService } from './auth.service';
import { deviceCookie, deviceCookieOf } from './device-token';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/auth/registerUser',
    {
      schema: {
        summary: 'Open an account',
        body: registerUserSchema,
        responses: {
          ...created(userProfileSchema, 'The new account'),
          ...errors([409, "'Username is already taken.' or 'Email is already registered.'"]),
        },
      },
    },
    async (request, reply) => reply.code(201).send(await auth.register(request.body)),
  );

  app.post(
    '/auth/login',
    {
      schema: {
        summary: 'Sign in with the user name or the email',
        body: loginSchema,
        responses: {
          ...ok(loginResponseSchema, 'Signed in; a known-device cookie is set'),
          ...errors(
            [401, "'Incorrect username or password'"],
            [
              429,
              'This account must wait before its next login (`Retry-After`), whatever the password',
            ],
          ),
        },
      },
    },
    async (request, reply) => {
      const { response, deviceToken } = await auth.login(request.body, {
        address: request.ip,
        deviceToken: deviceCookieOf(request.headers.cookie),
      });
      if (deviceToken)
        reply.header('set-cookie', deviceCookie(deviceToken, request.protocol === 'https'));
      return response;
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        summary: 'Mail a password reset link (always 202: never says whether the account exists)',
        body: forgotPasswordSchema,
        responses: {
          202: { description: 'Accepted', body: z.object({ message: z.string() }) },
        },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          await auth.forgotPassword(
            request.body.email,
            negotiateLocale(request.headers['accept-language']),
          ),
        ),
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        summary: "Choose a new password with the link's single-use token (1 h)",
        body: resetPasswordSchema,
        responses: {
          ...noContent('Password changed; older sessions end'),
          ...errors([400, "'This reset link is invalid or has expired.' or a password rule"]),
        },
      },
    },
    async (request, reply) => {
      await auth.resetPassword(request.body.token, request.body.password);
      return reply.code(204).send();
    },
  );

  app.post(
    '/auth/revert-email',
    {
      schema: {
        summary:
          'Undo an email change with the link mailed to the previous address; a reset link is mailed there',
        body: revertEmailSchema,
        responses: {
          ...ok(revertEmailResponseSchema),
          ...errors([400, 'The link is invalid or has expired']),
        },
      },
    },
    (request) =>
      auth.revertEmail(request.body.token, negotiateLocale(request.headers['accept-language'])),
  );

  // Under /user like the profile it belongs to; auth owns passwords, so the route lives here.
  app.put(
    '/user/:userName/password',
    {
      schema: {
        summary: 'Change the password (asks for the current one); older sessions end',
        params: userNameParamsSchema,
        body: changePasswordSchema,
        ...SIGNED_IN,
        responses: {
          ...ok(loginResponseSchema, 'A new token for this session'),
          ...errors(401, [403, 'Not your account']),
        },
      },
      preHandler: app.authenticate,
    },
    (request) =>
      auth.changePassword(
        request.currentUser!.userName,
        request.params.userName,
        request.body,
        request.ip,
      ),
  );
};
