import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/ui/page-loader';
import { ProductsPanel } from './products-panel';
import '../admin.css';

export const DEFAULT_STORE_TITLE = 'Store';
export const dashboardTitle = (storeName: string | null | undefined) =>
  `${storeName || DEFAULT_STORE_TITLE} Admin Dashboard`;

interface AdminDashboardProps {
  /** The signed-in user's profile as far as it is known. */
  profile: { status: 'pending' | 'error' | 'success'; storeName: string | null | undefined };
}

function OrdersPanel() {
  return (
    <div className="admin-panel">
      <h2 className="section-title">Orders</h2>
      <div className="empty-state">
        <p className="mb-0">
          Orders from shoppers will appear here, item by item, ready to accept, ship or refund.
        </p>
      </div>
    </div>
  );
}

/** /admin (spec 2): the seller's orders and products. */
export function AdminDashboard({ profile }: AdminDashboardProps) {
  const { status, storeName } = profile;

  if (status === 'success' && !storeName) {
    return (
      <section className="container page admin-dashboard">
        <p className="eyebrow">Seller</p>
        <h1 className="page-title">{dashboardTitle(null)}</h1>
        <div className="empty-state admin-no-store">
          <p>You don&apos;t have a store yet. Open one to list products and receive orders.</p>
          <Link to="/seller-home" className="btn btn-primary">
            Open your store
          </Link>
        </div>
      </section>
    );
  }

  let products;
  if (storeName) products = <ProductsPanel storeName={storeName} />;
  else if (status === 'pending') products = <PageLoader label="Loading your store…" />;
  else
    products = (
      <p className="admin-panel text-secondary">
        Your products could not be listed just now. Reload the page to try again.
      </p>
    );

  return (
    <section className="container page admin-dashboard">
      <p className="eyebrow">Seller</p>
      <h1 className="page-title">{dashboardTitle(storeName)}</h1>
      {/* Products first: it is where the work is until the orders arrive in a later release. */}
      <Tabs defaultActiveKey="products" id="admin-tabs" className="admin-tabs" mountOnEnter>
        <Tab eventKey="orders" title="Orders">
          <OrdersPanel />
        </Tab>
        <Tab eventKey="products" title="Products">
          {products}
        </Tab>
      </Tabs>
    </section>
  );
}
