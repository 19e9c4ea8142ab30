import Container from 'react-bootstrap/Container';
import { useLocation } from 'react-router';
import { PolicyAccordion } from '../../features/about/components/policy-accordion';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useI18n } from '../../i18n/i18n-context';

export default function AboutRoute() {
  const { t } = useI18n();
  useDocumentTitle(t('About Us'));
  const { hash, key } = useLocation();
  return (
    <Container fluid="xl" className="page about-page">
      <p className="eyebrow">{t('Our story')}</p>
      <h1 className="page-title">{t('About Us')}</h1>
      <div className="about-page__intro">
        <p className="lead">
          {t(
            'We bring independent and local clothing brands together in one place, starting with Vancouver.',
          )}
        </p>
        <p>
          {t(
            'Small labels make thoughtful clothes close to home, but they are hard to find among the big names. Here, shoppers discover them, and the brands keep doing what they do best: designing and making. Every order ships directly from the brand that made it.',
          )}
        </p>
      </div>
      <PolicyAccordion section={decodeURIComponent(hash.slice(1))} navigationKey={key} />
    </Container>
  );
}
