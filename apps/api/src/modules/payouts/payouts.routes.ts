import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AppError,
  BANK_ACCOUNT_MESSAGES,
  NotFound,
  PAYOUT_MESSAGES,
  bankAccountAnswerSchema,
  bankAccountInputSchema,
  bankAccountViewSchema,
  negotiateLocale,
  payoutAccountSchema,
  payoutOnboardingSchema,
  duePayoutsSchema,
  payoutPreviewQuerySchema,
  payoutPreviewSchema,
  payoutRunBodySchema,
  payoutRunParamsSchema,
  payoutRunSchema,
  payoutRunsQuerySchema,
  payoutStatementParamsSchema,
  storePayoutLedgerSchema,
} from '@marketplace/shared';
import {
  errors,
  ok,
  SIGNED_IN,
  TOTAL_COUNT_HEADER,
  SELLER_ERRORS,
} from '../../plugins/app/openapi';
import type { PayoutsService } from './payouts.service';

const operator = errors(401, [403, 'Operators only']);

/** The seller's payouts (spec 9, issue 17): the ledger, statements and Stripe onboarding. */
export const payoutsRoutes: FastifyPluginAsyncZod<{ payouts: PayoutsService }> = async (
  sellerScope,
  { payouts },
) => {
  sellerScope.addHook('onRequest', sellerScope.authenticate);

  sellerScope.get(
    '/store/payouts',
    {
      schema: {
        summary:
          "Each store order's payout, listing fees and refunds after payout, and each period's totals and payout",
        ...SIGNED_IN,
        responses: { ...ok(storePayoutLedgerSchema), ...SELLER_ERRORS },
      },
    },
    (request) => payouts.storePayouts(request.currentUser!.userName),
  );

  for (const format of ['pdf', 'csv'] as const) {
    sellerScope.get(
      `/store/payouts/statements/:start/${format}`,
      {
        schema: {
          summary: `The statement of the period starting on :start, as ${format.toUpperCase()}`,
          params: payoutStatementParamsSchema,
          ...SIGNED_IN,
          responses: {
            200: {
              description: `The statement (${format.toUpperCase()})`,
              body: z.string().meta({ format: 'binary' }),
              mediaType: format === 'pdf' ? 'application/pdf' : 'text/csv',
            },
            ...errors([400, 'Not the first day of a payout period']),
            ...SELLER_ERRORS,
          },
        },
      },
      async (request, reply) => {
        const { body, filename } = await payouts.statement(
          request.currentUser!.userName,
          request.params.start,
          format,
          negotiateLocale(request.headers['accept-language']),
        );
        return reply
          .type(format === 'pdf' ? 'application/pdf' : 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${filename}"`)
          .send(body);
      },
    );
  }

  sellerScope.get(
    '/store/payouts/account',
    {
      schema: {
        summary: 'How the store is paid, and whether it is ready (Stripe Connect onboarding)',
        ...SIGNED_IN,
        responses: { ...ok(payoutAccountSchema), ...SELLER_ERRORS },
      },
    },
    (request) => payouts.accounts.account(request.currentUser!.userName),
  );

  sellerScope.get(
    '/store/payouts/bank-account',
    {
      schema: {
        summary:
          "The store's bank details for the bank file (local payouts), masked: the holder and the account's last 4 digits",
        ...SIGNED_IN,
        responses: { ...ok(bankAccountAnswerSchema), ...SELLER_ERRORS },
      },
    },
    (request) => payouts.accounts.bankAccount(request.currentUser!.userName),
  );

  sellerScope.put(
    '/store/payouts/bank-account',
    {
      schema: {
        summary:
          "Saves the store's bank details (Canada: transit, institution, account; US: ABA routing, account), encrypted at rest",
        body: bankAccountInputSchema,
        ...SIGNED_IN,
        responses: {
          ...ok(bankAccountViewSchema),
          ...errors(400, [409, BANK_ACCOUNT_MESSAGES.stripeKeeps]),
          ...SELLER_ERRORS,
        },
      },
    },
    (request) => payouts.accounts.saveBankAccount(request.currentUser!.userName, request.body),
  );

  sellerScope.post(
    '/store/payouts/account/onboarding',
    {
      schema: {
        summary: "Opens the store's Stripe Express account (once) and answers its onboarding link",
        ...SIGNED_IN,
        responses: {
          ...ok(payoutOnboardingSchema),
          ...SELLER_ERRORS,
          ...errors([409, PAYOUT_MESSAGES.onboardingLocal]),
        },
      },
    },
    (request) =>
      payouts.accounts.onboard(
        request.currentUser!.userName,
        // The web app sends its page's language: a French page's seller comes back to /fr.
        negotiateLocale(request.headers['accept-language']),
      ),
  );
};

/** The operator's payout runs (issue 17): operators only. */
export const operatorPayoutsRoutes: FastifyPluginAsyncZod<{ payouts: PayoutsService }> = async (
  operatorScope,
  { payouts },
) => {
  operatorScope.addHook('onRequest', operatorScope.requireOperator);

  operatorScope.post(
    '/operator/payouts/run',
    {
      schema: {
        summary: 'Pays every store the net of the period ending on `period` (once per store)',
        body: payoutRunBodySchema,
        ...SIGNED_IN,
        responses: {
          ...ok(payoutRunSchema),
          ...errors(400, [409, `${PAYOUT_MESSAGES.notEnded} / ${PAYOUT_MESSAGES.runInProgress}`]),
          ...operator,
        },
      },
    },
    (request) => payouts.run(request.body.period),
  );

  operatorScope.get(
    '/operator/payouts/due',
    {
      schema: {
        summary:
          'The ended periods with payouts still to send (the last 12 weeks), each with what its run would pay each brand',
        ...SIGNED_IN,
        responses: { ...ok(duePayoutsSchema), ...operator },
      },
    },
    () => payouts.due(),
  );

  operatorScope.get(
    '/operator/payouts/preview',
    {
      schema: {
        summary:
          'What a run of the period ending on `period` would pay each brand, moving no money',
        querystring: payoutPreviewQuerySchema,
        ...SIGNED_IN,
        responses: {
          ...ok(payoutPreviewSchema),
          ...errors(400, [409, PAYOUT_MESSAGES.notEnded]),
          ...operator,
        },
      },
    },
    (request) => payouts.preview(request.query.period),
  );

  operatorScope.get(
    '/operator/payouts/runs/:id/file',
    {
      schema: {
        summary: "The run's bank transfer file (CSV), as a download",
        params: payoutRunParamsSchema,
        ...SIGNED_IN,
        responses: {
          200: {
            description: 'The bank transfer file',
            body: z.string().meta({ format: 'binary' }),
            mediaType: 'text/csv',
          },
          ...errors([404, PAYOUT_MESSAGES.noBankFile]),
          ...operator,
        },
      },
    },
    async (request, reply) => {
      const { name, content } = await payouts.bankFile(request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('Cache-Control', 'no-store')
        .send(content);
    },
  );

  operatorScope.get(
    '/operator/payouts/runs',
    {
      schema: {
        summary: 'The payout runs, newest first',
        querystring: payoutRunsQuerySchema,
        ...SIGNED_IN,
        responses: {
          ...ok(z.array(payoutRunSchema), 'A page of runs', TOTAL_COUNT_HEADER),
          ...operator,
        },
      },
    },
    async (request, reply) => {
      const { runs, total } = await payouts.runs(request.query.page, request.query.pageSize);
      return reply.header('X-Total-Count', total).send(runs);
    },
  );
};

/** POST /payouts/stripe/webhook: Connect's account.updated (signed over the raw body). */
export const payoutsWebhookRoutes: FastifyPluginAsync<{ payouts: PayoutsService }> = async (
  app,
  { payouts },
) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/payouts/stripe/webhook',
    {
      schema: {
        summary: "Stripe Connect's events (signed): account.updated keeps each brand's status",
        description: 'The body is read as raw bytes, since the signature covers them exactly.',
        responses: {
          ...ok(z.object({ received: z.literal(true) })),
          ...errors([400, 'Invalid webhook signature.'], [404, 'Stripe payouts are not in use.']),
        },
      },
    },
    async (request) => {
      if (payouts.providerName !== 'stripe') throw new NotFound('Stripe payouts are not in use.');
      const signature = request.headers['stripe-signature'];
      let state;
      try {
        state = payouts.accounts.verifyAccountEvent(
          request.body as Buffer,
          typeof signature === 'string' ? signature : undefined,
        );
      } catch {
        throw new AppError(400, 'Invalid webhook signature.');
      }
      if (state) await payouts.accounts.accountUpdated(state);
      return { received: true as const };
    },
  );
};
