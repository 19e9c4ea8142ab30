import { msg, type MessageValues } from '@marketplace/shared';
import type { ReactNode } from 'react';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { Link, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/ui/page-loader';
import { useI18n } from '../../../i18n/i18n-context';
import { OrdersPanel } from './orders-panel';
import { PayoutsPanel } from './payouts-panel';
import { ProductsPanel } from './products-panel';
import { ReturnsPanel } from './returns-panel';
import { ShipFromPrompt, StoreSettingsPanel } from './store-address-form';
import { StoreStatusNotice } from './store-status-notice';
import '../admin.css';

export const DEFAULT_STORE_TITLE = msg('Store');
const DASHBOARD_TITLE = msg('{store} Admin Dashboard');

/** English when no `t` is given: `{store}` filled in. */
const inEnglish = (message: string, values: MessageValues = {}) =>
  message.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));

export const dashboardTitle = (
  storeName: string | null | undefined,
  t: (message: string, values?: MessageValues) => string = inEnglish,
) => t(DASHBOARD_TITLE, { store: storeName || t(DEFAULT_STORE_TITLE) });

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
  const { t } = useI18n();

  if (status === 'success' && !storeName) {
    return (
      <section className="container page admin-dashboard">
        <p className="eyebrow">{t('Seller')}</p>
        <h1 className="page-title">{dashboardTitle(null, t)}</h1>
        <div className="empty-state admin-no-store">
          <p>{t("You don't have a store yet. Open one to list products and receive orders.")}</p>
          <Link to="/seller-home" className="btn btn-primary">
            {t('Open your store')}
          </Link>
        </div>
      </section>
    );
  }

  // Every panel calls seller-only routes: none is shown before the profile says there is a store.
  const storePanel = (panel: (storeName: string) => ReactNode) => {
    if (storeName) return panel(storeName);
    if (status === 'pending') return <PageLoader label={t('Loading your store…')} />;
    return (
      <p className="admin-panel text-secondary">
        {t('Your store could not be loaded just now. Reload the page to try again.')}
      </p>
    );
  };

  return (
    <section className="container page admin-dashboard">
      <p className="eyebrow">{t('Seller')}</p>
      <h1 className="page-title">{dashboardTitle(storeName, t)}</h1>
      {storeName ? <StoreStatusNotice /> : null}
      <Tabs
        activeKey={tab}
        onSelect={selectTab}
        id="admin-tabs"
        className="admin-tabs"
        mountOnEnter
      >
        <Tab eventKey="orders" title={t('Orders')}>
          {storePanel(() => (
            <>
              <ShipFromPrompt />
              <OrdersPanel />
            </>
          ))}
        </Tab>
        <Tab eventKey="returns" title={t('Returns')}>
          {storePanel(() => (
            <ReturnsPanel />
          ))}
        </Tab>
        <Tab eventKey="products" title={t('Products')}>
          {storePanel((name) => (
            <ProductsPanel storeName={name} />
          ))}
        </Tab>
        <Tab eventKey="payouts" title={t('Payouts')}>
          {storePanel(() => (
            <PayoutsPanel />
          ))}
        </Tab>
        <Tab eventKey="settings" title={t('Settings')}>
          {storePanel(() => (
            <StoreSettingsPanel />
          ))}
        </Tab>
      </Tabs>
    </section>
  );
}
