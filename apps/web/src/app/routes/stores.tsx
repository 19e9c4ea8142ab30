import Container from 'react-bootstrap/Container';
import { StoreList } from '../../features/stores/components/store-list';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useI18n } from '../../i18n/i18n-context';

export default function StoresRoute() {
  const { t } = useI18n();
  useDocumentTitle(t('Brands'));
  return (
    <Container fluid="xl" className="page">
      <StoreList />
    </Container>
  );
}
