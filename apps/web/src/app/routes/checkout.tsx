import Container from 'react-bootstrap/Container';
import { CheckoutPage } from '../../features/checkout/components/checkout-page';
import { useDocumentTitle } from '../../hooks/use-document-title';

export default function CheckoutRoute() {
  useDocumentTitle('Checkout');
  return (
    <Container fluid="xl" className="page">
      <CheckoutPage />
    </Container>
  );
}
