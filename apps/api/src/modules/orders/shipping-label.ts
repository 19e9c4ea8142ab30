import type { ShippingAddress } from '@marketplace/shared';

export interface LabelInput {
  sender: { name: string; city: string };
  recipient: ShippingAddress;
  reference: string;
  trackingNumber: string;
  weightLb: number;
  shippingMethod: string;
  items: number;
}

/** 4 × 6 inches in PDF points (72 per inch). */
const LABEL_SIZE: [number, number] = [288, 432];
const MARGIN = 16;

/**
 * A 4x6 shipping label as PDF: sender store, buyer's name and address, order number,
 * tracking number as text and as a Code 128 barcode, and the parcel's weight.
 */
export async function renderShippingLabel(label: LabelInput): Promise<Buffer> {
  // Loaded on the first label: PDF and barcode code would otherwise sit in every process's memory.
  const [{ default: bwipjs }, { default: PDFDocument }] = await Promise.all([
    import('bwip-js/node'),
    import('pdfkit'),
  ]);
  const barcode = await bwipjs.toBuffer({
    bcid: 'code128',
    text: label.trackingNumber,
    scale: 2,
    height: 14,
    includetext: false,
  });
  const doc = new PDFDocument({
    size: LABEL_SIZE,
    margin: MARGIN,
    info: { Title: `Shipping label ${label.reference}`, Author: label.sender.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
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

  doc.font('Helvetica-Bold').fontSize(8).text('FROM', { width });
  doc.font('Helvetica').fontSize(10).text(label.sender.name, { width });
  doc.text(`${label.sender.city}`, { width });
  rule();

  const to = label.recipient;
  doc.font('Helvetica-Bold').fontSize(8).text('SHIP TO', { width });
  doc.font('Helvetica-Bold').fontSize(14).text(to.fullName, { width });
  doc.font('Helvetica').fontSize(12).text(to.streetAddress, { width });
  if (to.apartment) doc.text(to.apartment, { width });
  doc.text(`${to.city} ${to.province}  ${to.postalCode}`, { width });
  doc.text(to.country === 'CA' ? 'CANADA' : 'UNITED STATES', { width });
  rule();

  doc.font('Helvetica').fontSize(9);
  doc.text(`Order ${label.reference}`, { width });
  doc.text(
    `${label.shippingMethod === 'EXPRESS' ? 'Express' : 'Standard'} · ${label.items} item${label.items === 1 ? '' : 's'} · ${label.weightLb.toFixed(1)} lb`,
    { width },
  );
  rule();

  doc.font('Helvetica-Bold').fontSize(8).text('TRACKING', { width });
  doc.image(barcode, MARGIN, doc.y + 4, { fit: [width, 70], align: 'center' });
  doc.y += 80;
  doc.font('Courier-Bold').fontSize(12).text(label.trackingNumber, { width, align: 'center' });

  doc.end();
  return finished;
}
