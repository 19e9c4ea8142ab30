import Container from 'react-bootstrap/Container';
import { useSearchParams } from 'react-router';
import { CheckoutSuccess } from '../../features/checkout/components/checkout-success';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useI18n } from '../../i18n/i18n-context';

export default function CheckoutSuccessRoute() {
  const { t } = useI18n();
  useDocumentTitle(t('Thank You'));
  const [params] = useSearchParams();
  return (
    <Container fluid="xl" className="page">
      <CheckoutSuccess orderId={params.get('orderId')} />
    </Container>
  );
}
