import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditLogPageSchema,
  brandListQuerySchema,
  moneyAtAGlanceSchema,
  moneyQuerySchema,
  operatorBrandPageSchema,
  operatorBrandSchema,
  operatorOptionalReasonSchema,
  operatorReasonSchema,
  operatorReviewParamsSchema,
  operatorStoreParamsSchema,
  auditLogQuerySchema,
  reportQueueQuerySchema,
  reportedReviewPageSchema,
} from '@marketplace/shared';
import { errors, noContent, ok, SIGNED_IN } from '../../plugins/app/openapi';
import type { BrandDecision, OperatorService } from './operator.service';

const OPERATOR_ONLY = errors(401, [403, "'Only the marketplace operators can do this.'"]);

/**
 * The operator's console (issue 17): every route is operator-only (401 signed out, 403 for
 * anyone else). Payouts routes are elsewhere (/api/operator/payouts*).
 */
export const operatorRoutes: FastifyPluginAsyncZod<{ operator: OperatorService }> = async (
  app,
  { operator },
) => {
  app.get(
    '/operator/brands',
    {
      schema: {
        summary: 'Brands: status, city, products, orders, sales and returns rate, by name',
        querystring: brandListQuerySchema,
        ...SIGNED_IN,
        responses: { ...ok(operatorBrandPageSchema), ...OPERATOR_ONLY },
      },
      preHandler: app.requireOperator,
    },
    (request) => operator.brands(request.query),
  );

  const decisions: {
    decision: BrandDecision;
    summary: string;
    refused: string;
    /** Approving needs no reason (issue 39.4); every other decision does. */
    body?: typeof operatorOptionalReasonSchema;
  }[] = [
    {
      decision: 'approve',
      summary:
        'Approve a store waiting for approval (STORE_APPROVAL=required); the reason is optional',
      refused: 'The store is not waiting for approval',
      body: operatorOptionalReasonSchema,
    },
    {
      decision: 'decline',
      summary: 'Decline a store waiting for approval: it never opens',
      refused: 'The store is not waiting for approval',
    },
    {
      decision: 'suspend',
      summary: 'Suspend a store: its products leave the catalog at once; its orders go on',
      refused: 'The store is already suspended',
    },
    {
      decision: 'reinstate',
      summary: 'Reinstate a suspended store: its available products are listed again',
      refused: 'The store is not suspended',
    },
  ];
  for (const { decision, summary, refused, body = operatorReasonSchema } of decisions) {
    app.post(
      `/operator/brands/:storeId/${decision}`,
      {
        schema: {
          summary: `${summary}; the owner is emailed the reason, kept in the audit log`,
          params: operatorStoreParamsSchema,
          body,
          ...SIGNED_IN,
          responses: {
            ...ok(operatorBrandSchema),
            ...OPERATOR_ONLY,
            ...errors(400, 404, [409, refused]),
          },
        },
        preHandler: app.requireOperator,
      },
      (request) =>
        operator.decideBrand(
          request.currentUser!.userName,
          request.params.storeId,
          decision,
          request.body.reason,
        ),
    );
  }

  app.get(
    '/operator/reviews',
    {
      schema: {
        summary: 'Reported reviews waiting for a decision, the longest waiting first',
        querystring: reportQueueQuerySchema,
        ...SIGNED_IN,
        responses: { ...ok(reportedReviewPageSchema), ...OPERATOR_ONLY },
      },
      preHandler: app.requireOperator,
    },
    (request) => operator.reportedReviews(request.query.page),
  );

  for (const decision of ['hide', 'keep'] as const) {
    app.post(
      `/operator/reviews/:reviewId/${decision}`,
      {
        schema: {
          summary:
            decision === 'hide'
              ? "Hide a reported review (out of the product's reviews, averages and fit advice); its author is told"
              : 'Keep a reported review; its author is told',
          params: operatorReviewParamsSchema,
          body: operatorReasonSchema,
          ...SIGNED_IN,
          responses: {
            ...noContent(),
            ...OPERATOR_ONLY,
            ...errors(400, 404, [409, "'This review has no open report.'"]),
          },
        },
        preHandler: app.requireOperator,
      },
      async (request, reply) => {
        await operator.decideReview(
          request.currentUser!.userName,
          request.params.reviewId,
          decision,
          request.body.reason,
        );
        return reply.code(204).send();
      },
    );
  }

  app.get(
    '/operator/money',
    {
      schema: {
        summary:
          'Money at a glance: GMV, orders, commission, tax collected and refunds per week and currency; overdue return refunds',
        querystring: moneyQuerySchema,
        ...SIGNED_IN,
        responses: { ...ok(moneyAtAGlanceSchema), ...OPERATOR_ONLY, ...errors(400) },
      },
      preHandler: app.requireOperator,
    },
    (request) => operator.money(request.query),
  );

  app.get(
    '/operator/audit-log',
    {
      schema: {
        summary: "The operators' decisions, newest first",
        description: '`format=csv` answers the whole log as text/csv, to download.',
        querystring: auditLogQuerySchema,
        ...SIGNED_IN,
        responses: { ...ok(auditLogPageSchema), ...OPERATOR_ONLY },
      },
      preHandler: app.requireOperator,
    },
    async (request, reply) => {
      if (request.query.format === 'json') return operator.auditLog(request.query.page);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="audit-log.csv"')
        .send(await operator.auditLogCsv());
    },
  );
};
