import Container from 'react-bootstrap/Container';
import { useSearchParams } from 'react-router';
import { CheckoutSuccess } from '../../features/checkout/components/checkout-success';
import { useDocumentTitle } from '../../hooks/use-document-title';

export default function CheckoutSuccessRoute() {
  useDocumentTitle('Thank You');
  const [params] = useSearchParams();
  return (
    <Container fluid="xl" className="page">
      <CheckoutSuccess orderId={params.get('orderId')} />
    </Container>
  );
}
