import { msg, type ItemDetail } from '@marketplace/shared';
import { useI18n } from '../../../i18n/i18n-context';

/** Blank lines part paragraphs; a single line break stays a line break (CSS pre-line). */
function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/** The seller's description, materials and care, as plain text: nothing in them is markup. */
export function ProductDescription({
  item,
}: {
  item: Pick<ItemDetail, 'description' | 'materials' | 'care'>;
}) {
  const { t } = useI18n();
  const sections = [
    { id: 'description', title: msg('Description'), text: item.description },
    { id: 'materials', title: msg('Materials'), text: item.materials },
    { id: 'care', title: msg('Care'), text: item.care },
  ].filter((section) => section.text.trim() !== '');
  if (sections.length === 0) return null;
  return (
    <div className="product-description">
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={`product-${section.id}-title`}>
          <h2 id={`product-${section.id}-title`} className="product-description__title">
            {t(section.title)}
          </h2>
          {paragraphsOf(section.text).map((paragraph, index) => (
            <p key={index} className="product-description__text">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </div>
  );
}
