import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addressViewSchema,
  negotiateLocale,
  saveDefaultAddressSchema,
  updateProfileSchema,
  userLocaleSchema,
  userNameParamsSchema,
  userProfileSchema,
} from '@marketplace/shared';
import { errors, ok, SIGNED_IN } from '../../plugins/app/openapi';
import type { UsersService } from './users.service';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (
  app,
  { users },
) => {
  app.get(
    '/user/:userName',
    {
      schema: {
        summary: "The caller's own profile (never a password hash)",
        params: userNameParamsSchema,
        ...SIGNED_IN,
        responses: { ...ok(userProfileSchema), ...errors(401, [403, 'Not your profile']) },
      },
      preHandler: app.authenticate,
    },
    (request) => users.getProfile(request.currentUser!.userName, request.params.userName),
  );

  app.put(
    '/user/:userName',
    {
      schema: {
        summary: 'Edit names, email (with the current password) and addresses',
        params: userNameParamsSchema,
        body: updateProfileSchema,
        ...SIGNED_IN,
        responses: {
          ...ok(userProfileSchema),
          ...errors(
            401,
            [403, 'Not your profile'],
            [409, 'The email is registered to another account'],
          ),
        },
      },
      preHandler: app.authenticate,
    },
    (request) =>
      users.updateProfile(
        request.currentUser!.userName,
        request.params.userName,
        request.body,
        negotiateLocale(request.headers['accept-language']),
        request.ip,
      ),
  );

  app.put(
    '/user/:userName/addresses/default',
    {
      schema: {
        summary: 'Save an address as the default one the next checkout fills in (issue 39.10)',
        params: userNameParamsSchema,
        body: saveDefaultAddressSchema,
        ...SIGNED_IN,
        responses: {
          ...ok(z.array(addressViewSchema)),
          ...errors(401, [403, 'Not your profile'], [409, 'The address book is full']),
        },
      },
      preHandler: app.authenticate,
    },
    (request) =>
      users.saveDefaultAddress(
        request.currentUser!.userName,
        request.params.userName,
        request.body,
      ),
  );

  app.put(
    '/user/:userName/locale',
    {
      schema: {
        summary: 'Keep the language chosen with the switch (issue 19) for the next visits',
        params: userNameParamsSchema,
        body: userLocaleSchema,
        ...SIGNED_IN,
        responses: { ...ok(userLocaleSchema), ...errors(401, [403, 'Not your profile']) },
      },
      preHandler: app.authenticate,
    },
    (request) =>
      users.setLocale(request.currentUser!.userName, request.params.userName, request.body.locale),
  );
};
