import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  buyerReturnsQuerySchema,
  createReturnSchema,
  negotiateLocale,
  receiveReturnSchema,
  returnIdParamsSchema,
  returnOrderParamsSchema,
  returnViewSchema,
  returnableStoreOrderSchema,
  returnsQuerySchema,
} from '@marketplace/shared';
import {
  created,
  errors,
  ok,
  SIGNED_IN,
  TOTAL_COUNT_HEADER,
  SELLER_ERRORS,
} from '../../plugins/app/openapi';
import type { ReturnsService } from './returns.service';

/** Another buyer's order or return, or another store's return, answers 404. */
const hidden = (what: string) => errors([404, `No such ${what} of yours`]);

/** Returns (issue 16 item 4): the buyer's under /orders, the brand's under /store. */
export const returnsRoutes: FastifyPluginAsyncZod<{ returns: ReturnsService }> = async (
  app,
  { returns },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/orders/:orderId/returnable',
    {
      schema: {
        summary: "The order's parcels and which of their items can be returned now",
        params: returnOrderParamsSchema,
        ...SIGNED_IN,
        responses: {
          ...ok(z.array(returnableStoreOrderSchema)),
          ...errors(401),
          ...hidden('order'),
        },
      },
    },
    (request) => returns.returnable(request.currentUser!.userName, request.params.orderId),
  );

  app.post(
    '/orders/returns',
    {
      schema: {
        summary: 'Return items of a delivered parcel, with a reason; answers the prepaid label',
        body: createReturnSchema,
        ...SIGNED_IN,
        responses: {
          ...created(returnViewSchema, 'The return, with its label'),
          ...errors(400, 401),
          ...hidden('order'),
          ...errors([
            409,
            'Not delivered, outside the 14 days, owned over 6 months, a return already open, or the brand has no return address',
          ]),
          ...errors([503, 'The shipping provider did not make the label: try again']),
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await returns.create(
            request.currentUser!.userName,
            request.body,
            negotiateLocale(request.headers['accept-language']),
          ),
        ),
  );

  app.get(
    '/orders/returns',
    {
      schema: {
        summary: "The buyer's returns (of one order, with orderId), newest first",
        querystring: buyerReturnsQuerySchema,
        ...SIGNED_IN,
        responses: {
          ...ok(z.array(returnViewSchema), 'A page of returns', TOTAL_COUNT_HEADER),
          ...errors(401),
        },
      },
    },
    async (request, reply) => {
      const { page, pageSize, orderId } = request.query;
      const list = await returns.listForBuyer(
        request.currentUser!.userName,
        page,
        pageSize,
        orderId,
      );
      return reply.header('X-Total-Count', list.total).send(list.returns);
    },
  );

  app.get(
    '/orders/returns/:id/label',
    {
      schema: {
        summary: 'The prepaid return label: a PDF, or a redirect to the provider’s',
        params: returnIdParamsSchema,
        ...SIGNED_IN,
        responses: {
          200: {
            description: 'The label as a PDF',
            body: z.string().meta({ format: 'binary' }),
            mediaType: 'application/pdf',
          },
          303: { description: 'The label is hosted by the shipping provider (Location)' },
          ...errors(401),
          ...hidden('return'),
        },
      },
    },
    async (request, reply) => {
      const label = await returns.label(request.currentUser!.userName, request.params.id);
      if ('url' in label) return reply.redirect(label.url, 303);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', 'inline; filename="return-label.pdf"')
        .header('Cache-Control', 'no-store')
        .send(label.pdf);
    },
  );

  app.get(
    '/store/returns',
    {
      schema: {
        summary: "The store's returns, newest first (the dashboard's Returns tab)",
        querystring: returnsQuerySchema,
        ...SIGNED_IN,
        responses: {
          ...ok(z.array(returnViewSchema), 'A page of returns', TOTAL_COUNT_HEADER),
          ...SELLER_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const { page, pageSize } = request.query;
      const list = await returns.listForStore(request.currentUser!.userName, page, pageSize);
      return reply.header('X-Total-Count', list.total).send(list.returns);
    },
  );

  app.post(
    '/store/returns/:id/receive',
    {
      schema: {
        summary: 'Mark a return received (or received damaged, with a note): its refund goes out',
        params: returnIdParamsSchema,
        body: receiveReturnSchema,
        ...SIGNED_IN,
        responses: {
          ...ok(returnViewSchema, 'The return: REFUNDED, or RECEIVED while its refund is retried'),
          ...errors(400),
          ...SELLER_ERRORS,
          ...hidden('return'),
          ...errors([409, 'Already received']),
        },
      },
    },
    (request) => returns.receive(request.currentUser!.userName, request.params.id, request.body),
  );
};
