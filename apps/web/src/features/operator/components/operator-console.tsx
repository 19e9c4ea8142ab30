import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useSearchParams } from 'react-router';
import { OperatorPayouts } from './operator-payouts';
import { AuditLogPanel } from './audit-log-panel';
import { BrandsPanel } from './brands-panel';
import { MoneyPanel } from './money-panel';
import { ReviewsPanel } from './reviews-panel';
import { useI18n } from '../../../i18n/i18n-context';
import '../operator.css';

const TABS = ['brands', 'reviews', 'money', 'payouts', 'audit'] as const;
type OperatorTab = (typeof TABS)[number];

/**
 * /operator (issue 17): brands, reported reviews, money at a glance, payouts and the audit log
 * (issue 39.20), tab in the URL.
 */
export function OperatorConsole() {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const tab: OperatorTab = TABS.find((one) => one === params.get('tab')) ?? 'brands';
  return (
    <section className="container page operator-console">
      <p className="eyebrow">{t('Operator')}</p>
      <h1 className="page-title">{t('Operator console')}</h1>
      <Tabs
        activeKey={tab}
        onSelect={(key) =>
          setParams(key && key !== 'brands' ? { tab: key } : {}, { replace: true })
        }
        id="operator-tabs"
        className="mb-3"
        mountOnEnter
      >
        <Tab eventKey="brands" title={t('Brands')}>
          <BrandsPanel />
        </Tab>
        <Tab eventKey="reviews" title={t('Reported reviews')}>
          <ReviewsPanel />
        </Tab>
        <Tab eventKey="money" title={t('Money')}>
          <MoneyPanel />
        </Tab>
        <Tab eventKey="payouts" title={t('Payouts')}>
          <OperatorPayouts />
        </Tab>
        <Tab eventKey="audit" title={t('Audit log')}>
          <AuditLogPanel />
        </Tab>
      </Tabs>
    </section>
  );
}
