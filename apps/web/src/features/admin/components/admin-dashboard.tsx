import type { ReactNode } from 'react';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { Link, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/ui/page-loader';
import { OrdersPanel } from './orders-panel';
import { PayoutsPanel } from './payouts-panel';
import { ProductsPanel } from './products-panel';
import { ReturnsPanel } from './returns-panel';
import { ShipFromPrompt, StoreSettingsPanel } from './store-address-form';
import '../admin.css';

export const DEFAULT_STORE_TITLE = 'Store';
export const dashboardTitle = (storeName: string | null | undefined) =>
  `${storeName || DEFAULT_STORE_TITLE} Admin Dashboard`;

/** Spec 2 lists Orders first: it is the tab the dashboard opens on. */
const ADMIN_TABS = ['orders', 'returns', 'products', 'payouts', 'settings'] as const;
type AdminTab = (typeof ADMIN_TABS)[number];
const DEFAULT_TAB: AdminTab = 'orders';

/** The open tab lives in the URL (?tab=products), so a reload or a shared link keeps it. */
function useAdminTab() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab = ADMIN_TABS.find((one) => one === requested) ?? DEFAULT_TAB;
  const select = (key: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (!key || key === DEFAULT_TAB) next.delete('tab');
        else next.set('tab', key);
        return next;
      },
      { replace: true },
    );
  return [tab, select] as const;
}

interface AdminDashboardProps {
  /** The signed-in user's profile as far as it is known. */
  profile: { status: 'pending' | 'error' | 'success'; storeName: string | null | undefined };
}

/** /admin (spec 2): the seller's orders, products and payouts. */
export function AdminDashboard({ profile }: AdminDashboardProps) {
  const { status, storeName } = profile;
  const [tab, selectTab] = useAdminTab();

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

  // Every panel calls seller-only routes: none is shown before the profile says there is a store.
  const storePanel = (panel: (storeName: string) => ReactNode) => {
    if (storeName) return panel(storeName);
    if (status === 'pending') return <PageLoader label="Loading your store…" />;
    return (
      <p className="admin-panel text-secondary">
        Your store could not be loaded just now. Reload the page to try again.
      </p>
    );
  };

  return (
    <section className="container page admin-dashboard">
      <p className="eyebrow">Seller</p>
      <h1 className="page-title">{dashboardTitle(storeName)}</h1>
      <Tabs
        activeKey={tab}
        onSelect={selectTab}
        id="admin-tabs"
        className="admin-tabs"
        mountOnEnter
      >
        <Tab eventKey="orders" title="Orders">
          {storePanel(() => (
            <>
              <ShipFromPrompt />
              <OrdersPanel />
            </>
          ))}
        </Tab>
        <Tab eventKey="returns" title="Returns">
          {storePanel(() => (
            <ReturnsPanel />
          ))}
        </Tab>
        <Tab eventKey="products" title="Products">
          {storePanel((name) => (
            <ProductsPanel storeName={name} />
          ))}
        </Tab>
        <Tab eventKey="payouts" title="Payouts">
          {storePanel(() => (
            <PayoutsPanel />
          ))}
        </Tab>
        <Tab eventKey="settings" title="Settings">
          {storePanel(() => (
            <StoreSettingsPanel />
          ))}
        </Tab>
      </Tabs>
    </section>
  );
}
