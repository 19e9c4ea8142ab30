import Container from 'react-bootstrap/Container';
import { ShoppingBag } from '../../features/bag/components/shopping-bag';
import { useDocumentTitle } from '../../hooks/use-document-title';

export default function ShoppingBagRoute() {
  useDocumentTitle('Shopping Bag');
  return (
    <Container fluid="xl" className="page">
      <ShoppingBag />
    </Container>
  );
}
