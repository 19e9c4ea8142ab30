import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateProfileSchema, userNameParamsSchema } from '@marketplace/shared';
import type { UsersService } from './users.service';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (
  app,
  { users },
) => {
  app.get(
    '/user/:userName',
    { schema: { params: userNameParamsSchema }, preHandler: app.authenticate },
    (request) => users.getProfile(request.currentUser!.userName, request.params.userName),
  );

  app.put(
    '/user/:userName',
    {
      schema: { params: userNameParamsSchema, body: updateProfileSchema },
      preHandler: app.authenticate,
    },
    (request) =>
      users.updateProfile(request.currentUser!.userName, request.params.userName, request.body),
  );
};
