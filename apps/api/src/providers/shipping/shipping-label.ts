import { LABEL_MESSAGES, type Locale, type ShippingAddress } from '@marketplace/shared';
import { openPdf } from '../../lib/pdf';
import { translatorFor } from '../../lib/translator';

export interface LabelInput {
  sender: { name: string; city: string };
  recipient: ShippingAddress;
  reference: string;
  trackingNumber: string;
  weightLb: number;
  shippingMethod: string;
  items: number;
  /** The language of its words (issue 19): the seller's who prints it; English by default. */
  locale?: Locale;
}

/** 4 × 6 inches in PDF points (72 per inch). */
const LABEL_SIZE: [number, number] = [288, 432];
const MARGIN = 16;

/**
 * A 4x6 shipping label as PDF: sender store, buyer's name and address, order number,
 * tracking number as text and as a Code 128 barcode, and the parcel's weight.
 */
export async function renderShippingLabel(label: LabelInput): Promise<Buffer> {
  const locale = label.locale ?? 'en';
  const { t } = translatorFor(locale);
  // Loaded on the first label: barcode code would otherwise sit in every process's memory.
  const [{ default: bwipjs }, { doc, print, regular, bold, finished }] = await Promise.all([
    import('bwip-js/node'),
    openPdf({
      size: LABEL_SIZE,
      margin: MARGIN,
      title: t(LABEL_MESSAGES.title, { reference: label.reference }),
      author: label.sender.name,
    }),
  ]);
  const barcode = await bwipjs.toBuffer({
    bcid: 'code128',
    text: label.trackingNumber,
    scale: 2,
    height: 14,
    includetext: false,
  });

  const width = LABEL_SIZE[0] - 2 * MARGIN;
  const rule = () => {
    const y = doc.y + 4;
    doc
      .moveTo(MARGIN, y)
      .lineTo(LABEL_SIZE[0] - MARGIN, y)
      .lineWidth(1)
      .stroke();
    doc.y = y + 8;
  };

  doc.font(bold).fontSize(8).text(t(LABEL_MESSAGES.from), { width });
  doc.font(regular).fontSize(10).text(print(label.sender.name), { width });
  doc.text(print(label.sender.city), { width });
  rule();

  const to = label.recipient;
  doc.font(bold).fontSize(8).text(t(LABEL_MESSAGES.shipTo), { width });
  doc.font(bold).fontSize(14).text(print(to.fullName), { width });
  doc.font(regular).fontSize(12).text(print(to.streetAddress), { width });
  if (to.apartment) doc.text(print(to.apartment), { width });
  doc.text(print(`${to.city} ${to.province}  ${to.postalCode}`), { width });
  doc.text(to.country === 'CA' ? 'CANADA' : 'UNITED STATES', { width });
  rule();

  doc.font(regular).fontSize(9);
  doc.text(t(LABEL_MESSAGES.order, { reference: label.reference }), { width });
  doc.text(
    t(LABEL_MESSAGES.parcel, {
      method: label.shippingMethod,
      items: label.items,
      weight: new Intl.NumberFormat(locale, {
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
        useGrouping: false,
      }).format(label.weightLb),
    }),
    { width },
  );
  rule();

  doc.font(bold).fontSize(8).text(t(LABEL_MESSAGES.tracking), { width });
  doc.image(barcode, MARGIN, doc.y + 4, { fit: [width, 70], align: 'center' });
  doc.y += 80;
  // Tracking numbers are ASCII letters, digits and dashes (shipStoreOrderSchema).
  doc.font('Courier-Bold').fontSize(12).text(label.trackingNumber, { width, align: 'center' });

  doc.end();
  return finished;
}
