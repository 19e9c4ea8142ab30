import Container from 'react-bootstrap/Container';
import { AccountTabs } from '../../features/account/components/account-tabs';
import { LoginRequiredModal } from '../../features/account/components/login-required-modal';
import { OrderHistory } from '../../features/orders/components/order-history';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useI18n } from '../../i18n/i18n-context';
import { useSession } from '../../hooks/use-session';

export default function UserRoute() {
  const { t } = useI18n();
  useDocumentTitle(t('My Account'));
  const { isLoggedIn, userName } = useSession();
  return (
    <Container fluid="xl" className="page">
      <h1 className="page-title">{t('My Account')}</h1>
      {isLoggedIn && userName ? (
        <AccountTabs userName={userName} orders={<OrderHistory />} />
      ) : (
        <LoginRequiredModal />
      )}
    </Container>
  );
}
