import type { ReactNode } from 'react';
import Col from 'react-bootstrap/Col';
import Nav from 'react-bootstrap/Nav';
import Row from 'react-bootstrap/Row';
import Tab from 'react-bootstrap/Tab';
import { useI18n } from '../../../i18n/i18n-context';
import { OrdersPanel } from './orders-panel';
import { ProfilePanel } from './profile-panel';

interface AccountTabsProps {
  userName: string;
  /** The My Orders content (the order history), composed by the page. */
  orders: ReactNode;
}

/** Spec 2: side pills Profile and My Orders, My Orders first shown. */
export function AccountTabs({ userName, orders }: AccountTabsProps) {
  const { t } = useI18n();
  return (
    <Tab.Container id="account-tabs" defaultActiveKey="orders" mountOnEnter>
      <Row className="g-4">
        <Col md={3}>
          <Nav
            variant="pills"
            className="flex-md-column account-pills"
            aria-label={t('My account sections')}
          >
            <Nav.Item>
              <Nav.Link eventKey="profile">{t('Profile')}</Nav.Link>
            </Nav.Item>
            <Nav.Item>
              <Nav.Link eventKey="orders">{t('My Orders')}</Nav.Link>
            </Nav.Item>
          </Nav>
        </Col>
        <Col md={9}>
          <Tab.Content>
            <Tab.Pane eventKey="profile">
              <h2 className="section-title">{t('Profile')}</h2>
              <ProfilePanel userName={userName} />
            </Tab.Pane>
            <Tab.Pane eventKey="orders">
              <h2 className="section-title">{t('My Orders')}</h2>
              <OrdersPanel>{orders}</OrdersPanel>
            </Tab.Pane>
          </Tab.Content>
        </Col>
      </Row>
    </Tab.Container>
  );
}
