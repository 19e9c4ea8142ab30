import Container from 'react-bootstrap/Container';
import { CheckoutPage } from '../../features/checkout/components/checkout-page';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useI18n } from '../../i18n/i18n-context';

export default function CheckoutRoute() {
  const { t } = useI18n();
  useDocumentTitle(t('Checkout'));
  return (
    <Container fluid="xl" className="page">
      <CheckoutPage />
    </Container>
  );
}
