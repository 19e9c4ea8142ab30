import Container from 'react-bootstrap/Container';
import { CheckoutCancelled } from '../../features/checkout/components/checkout-cancelled';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useI18n } from '../../i18n/i18n-context';

export default function CheckoutCancelRoute() {
  const { t } = useI18n();
  useDocumentTitle(t('Checkout Cancelled'));
  return (
    <Container fluid="xl" className="page">
      <CheckoutCancelled />
    </Container>
  );
}
