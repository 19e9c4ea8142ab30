import Container from 'react-bootstrap/Container';
import { useParams } from 'react-router';
import { StoreDetail } from '../../features/stores/components/store-detail';
import { useDocumentTitle } from '../../hooks/use-document-title';

export default function StoreDetailRoute() {
  const { storeId } = useParams();
  useDocumentTitle(storeId?.trim() || 'Brand');
  return (
    <Container fluid="xl" className="page">
      <StoreDetail key={storeId} storeId={storeId} />
    </Container>
  );
}
