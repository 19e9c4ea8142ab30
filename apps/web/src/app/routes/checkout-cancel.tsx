import Container from 'react-bootstrap/Container';
import { CheckoutCancelled } from '../../features/checkout/components/checkout-cancelled';
import { useDocumentTitle } from '../../hooks/use-document-title';

export default function CheckoutCancelRoute() {
  useDocumentTitle('Checkout Cancelled');
  return (
    <Container fluid="xl" className="page">
      <CheckoutCancelled />
    </Container>
  );
}
