import Container from 'react-bootstrap/Container';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../components/ui/not-found-page';
import { useStore } from '../../features/stores/api/get-store';
import { StoreDetail } from '../../features/stores/components/store-detail';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useI18n } from '../../i18n/i18n-context';
import { ApiError } from '../../lib/api-client';

export default function StoreDetailRoute() {
  const { storeId } = useParams();
  const id = storeId?.trim() ? storeId : null;
  // The same cached query as the page's: a store that does not exist is the 404 page.
  const store = useStore(id);
  const notFound = store.error instanceof ApiError && store.error.status === 404;
  if (notFound) return <NotFoundPage />;
  return <KnownStore storeId={storeId} />;
}

function KnownStore({ storeId }: { storeId: string | undefined }) {
  const { t } = useI18n();
  useDocumentTitle(storeId?.trim() || t('Brand'));
  return (
    <Container fluid="xl" className="page">
      <StoreDetail key={storeId} storeId={storeId} />
    </Container>
  );
}
