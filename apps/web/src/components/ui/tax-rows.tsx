import { SALES_TAX_MESSAGES, taxLabelIn, type TaxLineView } from '@marketplace/shared';
import { useI18n } from '../../i18n/i18n-context';

/**
 * Issue 15: the taxes of an order as rows of its totals' description list, each tax on its own
 * line ('HST 13 %  $26.00 CAD', in French 'TVH 13 %  26,00 $ CAD'); an order that carries none says so with 'Tax $0.00'.
 */
export function TaxRows({ lines, currency }: { lines: readonly TaxLineView[]; currency: string }) {
  const { t, locale, formatMoney } = useI18n();
  if (lines.length === 0)
    return (
      <div>
        <dt>{t(SALES_TAX_MESSAGES.noTaxLabel)}</dt>
        <dd className="price">{formatMoney(0, currency)}</dd>
      </div>
    );
  return lines.map((line) => (
    <div key={`${line.taxType}-${line.label}`}>
      <dt>{taxLabelIn(locale, line, t)}</dt>
      <dd className="price">{formatMoney(line.amount, currency)}</dd>
    </div>
  ));
}
