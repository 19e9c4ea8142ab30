import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useNavigate } from 'react-router';

/** Spec 2: shown on /user without a session; it cannot be dismissed, only followed to /login. */
export function LoginRequiredModal() {
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
      <Modal.Header closeButton closeLabel="Close and go to login">
        <Modal.Title id="login-required-title">Login Required</Modal.Title>
      </Modal.Header>
      <Modal.Body>Please log in to see your account, orders and saved addresses.</Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={goToLogin}>
          Go to login
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
