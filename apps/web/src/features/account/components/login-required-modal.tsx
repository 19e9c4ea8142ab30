import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useNavigate } from 'react-router';
import { useI18n } from '../../../i18n/i18n-context';

/** Spec 2: shown on /user without a session; it cannot be dismissed, only followed to /login. */
export function LoginRequiredModal() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const goToLogin = () => void navigate('/login');
  return (
    <Modal
      show
      backdrop="static"
      keyboard={false}
      centered
      onHide={goToLogin}
      aria-labelledby="login-required-title"
    >
      <Modal.Header closeButton closeLabel={t('Close and go to login')}>
        <Modal.Title id="login-required-title">{t('Login Required')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>{t('Please log in to see your account, orders and saved addresses.')}</Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={goToLogin}>
          {t('Go to login')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
