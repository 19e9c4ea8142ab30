import Container from 'react-bootstrap/Container';
import { StoreList } from '../../features/stores/components/store-list';
import { useDocumentTitle } from '../../hooks/use-document-title';

export default function StoresRoute() {
  useDocumentTitle('Brands');
  return (
    <Container fluid="xl" className="page">
      <StoreList />
    </Container>
  );
}
