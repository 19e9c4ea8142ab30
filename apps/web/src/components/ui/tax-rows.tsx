import type { ReactNode } from 'react';
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

interface OrderTotalsProps {
  /** `checkout-totals` (the success page) or `order__totals` (My Orders). */
  className: string;
  order: {
    subtotal: number;
    shipping: number;
    taxLines: readonly TaxLineView[];
    totalAmount: number;
    currency: string;
  };
  /** 'Total paid' on the success page, 'Total' in My Orders. */
  totalLabel: string;
  totalClassName?: string;
  /** Rows after the total (My Orders: what was refunded and the balance). */
  children?: ReactNode;
}

/** A placed order's totals: subtotal, shipping (free at $0), each tax, the total. */
export function OrderTotals({
  className,
  order,
  totalLabel,
  totalClassName,
  children,
}: OrderTotalsProps) {
  const { t, formatMoney } = useI18n();
  const { currency } = order;
  return (
    <dl className={className}>
      <div>
        <dt>{t('Subtotal')}</dt>
        <dd className="price">{formatMoney(order.subtotal, currency)}</dd>
      </div>
      <div>
        <dt>{t('Shipping')}</dt>
        <dd className="price">
          {order.shipping === 0 ? t('Free') : formatMoney(order.shipping, currency)}
        </dd>
      </div>
      <TaxRows lines={order.taxLines} currency={currency} />
      <div className={totalClassName}>
        <dt>{totalLabel}</dt>
        <dd className="price">{formatMoney(order.totalAmount, currency)}</dd>
      </div>
      {children}
    </dl>
  );
}
