import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { taxReportCsv, taxReportQuerySchema, taxReportSchema } from '@marketplace/shared';
import { errors, ok, SIGNED_IN } from '../../plugins/app/openapi';
import type { TaxReportService } from './tax-report.service';

/** The operator's tax report (issues 15 and 17): the same report as `npm run report:tax`. */
export const taxReportRoutes: FastifyPluginAsyncZod<{ taxReport: TaxReportService }> = async (
  app,
  { taxReport },
) => {
  app.get(
    '/operator/tax-report',
    {
      schema: {
        summary:
          'Tax collected on orders placed in [from, to) and refunded by refunds made in it, per currency, jurisdiction and tax type',
        description:
          '`format=csv` answers the same report as text/csv (one TOTAL row per currency).',
        querystring: taxReportQuerySchema,
        ...SIGNED_IN,
        responses: {
          ...ok(taxReportSchema),
          ...errors(400, 401, [403, "'Only the marketplace operators can do this.'"]),
        },
      },
      preHandler: app.requireOperator,
    },
    async (request, reply) => {
      const { format, ...period } = request.query;
      const report = await taxReport.taxReport(period);
      if (format === 'json') return report;
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="tax-report-${period.from}-${period.to}.csv"`,
        )
        .send(taxReportCsv(report));
    },
  );
};
