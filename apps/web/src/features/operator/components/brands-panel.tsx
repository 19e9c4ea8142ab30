import {
  STORE_STATUSES,
  cityLabel,
  msg,
  type OperatorBrand,
  type StoreStatus,
} from '@marketplace/shared';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/ui/page-loader';
import { useI18n } from '../../../i18n/i18n-context';
import { useBrands, useDecideBrand, type BrandDecision } from '../api/operator-api';
import { OperatorTable } from './operator-table';
import { CALENDAR_DAY, messageOf } from './operator-text';
import { Pager } from './pager';
import { ReasonDialog } from './reason-dialog';

const STATUS_LABELS: Record<StoreStatus, string> = {
  ACTIVE: msg('Active'),
  PENDING: msg('Waiting for approval'),
  SUSPENDED: msg('Suspended'),
  DECLINED: msg('Declined'),
};

/** The empty list, by the status filtered on (ALL: no filter). */
const NO_BRANDS: Record<StoreStatus | 'ALL', string> = {
  ALL: msg('No brands yet.'),
  ACTIVE: msg('No brands are active.'),
  PENDING: msg('No brands are waiting for approval.'),
  SUSPENDED: msg('No brands are suspended.'),
  DECLINED: msg('No applications were declined.'),
};

const DECISIONS: Record<
  BrandDecision,
  {
    label: string;
    /** The button's accessible name and the dialog's title ({name}: the brand). */
    named: string;
    variant: string;
    /** What the decision does ({name}: the brand). */
    description: string;
    /** Approving needs no reason (issue 39.4); a reason given is mailed all the same. */
    reasonOptional?: boolean;
  }
> = {
  approve: {
    label: msg('Approve'),
    named: msg('Approve {name}'),
    variant: 'primary',
    description: msg('{name} goes live: its available products are listed at once.'),
    reasonOptional: true,
  },
  decline: {
    label: msg('Decline application'),
    named: msg('Decline the application of {name}'),
    variant: 'danger',
    description: msg('{name} will not open. Its owner is emailed the reason you give here.'),
  },
  suspend: {
    label: msg('Suspend'),
    named: msg('Suspend {name}'),
    variant: 'danger',
    description: msg(
      "{name}'s products leave the catalog at once. Its open orders can still be fulfilled and refunded.",
    ),
  },
  reinstate: {
    label: msg('Reinstate'),
    named: msg('Reinstate {name}'),
    variant: 'primary',
    description: msg("{name}'s available products are listed again."),
  },
};

/** What the returns rate counts, and over what period (issue 39.20). */
const RETURNS_RATE_EXPLAINED = msg(
  'Returns rate: of the brand’s orders delivered since it opened, the share with a refund after delivery (a return or a refund of a delivered item).',
);

/** A store's public page; only an active store's page is open to shoppers. */
const storePagePath = (name: string) => `/store/${encodeURIComponent(name)}`;

/** What an operator may do with a brand in its status. */
const decisionsFor = (status: StoreStatus): BrandDecision[] =>
  status === 'PENDING'
    ? ['approve', 'decline']
    : status === 'ACTIVE'
      ? ['suspend']
      : status === 'SUSPENDED'
        ? ['reinstate']
        : [];

/** A brand's details, from its row: who owns it, since when, and its figures explained. */
function BrandDetails({ brand, onClose }: { brand: OperatorBrand | null; onClose: () => void }) {
  const { t, formatMoney, formatNumber, formatPercent, formatDate } = useI18n();
  const titleId = useId();
  return (
    <Modal show={brand !== null} onHide={onClose} centered aria-labelledby={titleId}>
      {brand ? (
        <>
          <Modal.Header closeButton closeLabel={t('Close')}>
            <Modal.Title id={titleId}>{brand.name}</Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <dl className="operator-details">
              <dt>{t('Status')}</dt>
              <dd>{t(STATUS_LABELS[brand.status])}</dd>
              <dt>{t('Owner')}</dt>
              <dd>{brand.ownerUserName}</dd>
              <dt>{t('Opened')}</dt>
              <dd>{formatDate(brand.createdAt, CALENDAR_DAY)}</dd>
              <dt>{t('City')}</dt>
              <dd>{t(cityLabel(brand.city))}</dd>
              <dt>{t('Products')}</dt>
              <dd>{formatNumber(brand.products)}</dd>
              <dt>{t('Orders')}</dt>
              <dd>{formatNumber(brand.orders)}</dd>
              <dt>{t('Sales')}</dt>
              <dd>
                {brand.sales.length
                  ? brand.sales.map((s) => formatMoney(s.amount, s.currency)).join(' · ')
                  : '—'}
              </dd>
              <dt>{t('Returns rate')}</dt>
              <dd>
                {formatPercent(brand.returnsRate)}
                <div className="small text-secondary">{t(RETURNS_RATE_EXPLAINED)}</div>
              </dd>
            </dl>
            {brand.status === 'ACTIVE' ? (
              <Link to={storePagePath(brand.name)}>{t('Open the store page')}</Link>
            ) : (
              <p className="text-secondary mb-0">
                {t('The store page opens to shoppers once the brand is active.')}
              </p>
            )}
          </Modal.Body>
        </>
      ) : null}
    </Modal>
  );
}

export function BrandsPanel() {
  const { t, formatMoney, formatNumber, formatPercent } = useI18n();
  const rateNoteId = useId();
  const [details, setDetails] = useState<OperatorBrand | null>(null);
  const [status, setStatus] = useState<StoreStatus | undefined>();
  const [page, setPage] = useState(1);
  const brands = useBrands(status, page);
  const decide = useDecideBrand();
  const [pending, setPending] = useState<{ brand: OperatorBrand; decision: BrandDecision } | null>(
    null,
  );

  const close = () => {
    setPending(null);
    decide.reset();
  };

  return (
    <div className="operator-panel">
      <Form.Group controlId="operator-brand-status" className="operator-filter">
        <Form.Label>{t('Status')}</Form.Label>
        <Form.Select
          value={status ?? ''}
          onChange={(event) => {
            setStatus((event.target.value || undefined) as StoreStatus | undefined);
            setPage(1);
          }}
        >
          <option value="">{t('All brands')}</option>
          {STORE_STATUSES.map((one) => (
            <option key={one} value={one}>
              {t(STATUS_LABELS[one])}
            </option>
          ))}
        </Form.Select>
      </Form.Group>

      {brands.isPending ? (
        <PageLoader label={t('Loading brands…')} />
      ) : brands.isError ? (
        <p className="text-danger" role="alert">
          {t('The brands could not be loaded. Reload the page to try again.')}
        </p>
      ) : brands.data.brands.length === 0 ? (
        <p className="empty-state">{t(NO_BRANDS[status ?? 'ALL'])}</p>
      ) : (
        <>
          <OperatorTable label={t('Brands')}>
            <thead>
              <tr>
                <th scope="col">{t('Brand')}</th>
                <th scope="col">{t('Status')}</th>
                <th scope="col">{t('City')}</th>
                <th scope="col" className="text-end">
                  {t('Products')}
                </th>
                <th scope="col" className="text-end">
                  {t('Orders')}
                </th>
                <th scope="col" className="text-end">
                  {t('Sales')}
                </th>
                <th scope="col" className="text-end" aria-describedby={rateNoteId}>
                  {t('Returns rate')}
                  <sup aria-hidden="true">*</sup>
                </th>
                <th scope="col">
                  <span className="visually-hidden">{t('Actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {brands.data.brands.map((brand) => (
                <tr key={brand.storeId}>
                  <th scope="row">
                    {brand.status === 'ACTIVE' ? (
                      <Link to={storePagePath(brand.name)}>{brand.name}</Link>
                    ) : (
                      brand.name
                    )}
                    <div className="small text-secondary">{brand.ownerUserName}</div>
                    <Button
                      variant="link"
                      size="sm"
                      className="p-0"
                      onClick={() => setDetails(brand)}
                      aria-label={t('Details of {name}', { name: brand.name })}
                    >
                      {t('Details')}
                    </Button>
                  </th>
                  <td>
                    <span
                      className={`operator-status operator-status--${brand.status.toLowerCase()}`}
                    >
                      {t(STATUS_LABELS[brand.status])}
                    </span>
                  </td>
                  <td>{t(cityLabel(brand.city))}</td>
                  <td className="text-end">{formatNumber(brand.products)}</td>
                  <td className="text-end">{formatNumber(brand.orders)}</td>
                  <td className="text-end text-nowrap">
                    {brand.sales.length
                      ? brand.sales.map((s) => (
                          <div key={s.currency}>{formatMoney(s.amount, s.currency)}</div>
                        ))
                      : '—'}
                  </td>
                  <td className="text-end">{formatPercent(brand.returnsRate)}</td>
                  <td className="text-end text-nowrap">
                    {decisionsFor(brand.status).map((decision) => (
                      <Button
                        key={decision}
                        size="sm"
                        variant={`outline-${DECISIONS[decision].variant}`}
                        className="ms-1"
                        onClick={() => setPending({ brand, decision })}
                        aria-label={t(DECISIONS[decision].named, { name: brand.name })}
                      >
                        {t(DECISIONS[decision].label)}
                      </Button>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </OperatorTable>
          <p id={rateNoteId} className="small text-secondary">
            <span aria-hidden="true">* </span>
            {t(RETURNS_RATE_EXPLAINED)}
          </p>
          <Pager
            label={t('Brands pages')}
            page={page}
            pageSize={brands.data.pageSize}
            total={brands.data.total}
            onPage={setPage}
          />
        </>
      )}

      <BrandDetails brand={details} onClose={() => setDetails(null)} />
      <ReasonDialog
        show={pending !== null}
        title={pending ? t(DECISIONS[pending.decision].named, { name: pending.brand.name }) : ''}
        description={
          pending ? t(DECISIONS[pending.decision].description, { name: pending.brand.name }) : ''
        }
        confirmLabel={pending ? t(DECISIONS[pending.decision].label) : ''}
        confirmVariant={pending ? DECISIONS[pending.decision].variant : 'primary'}
        reasonOptional={pending ? DECISIONS[pending.decision].reasonOptional : false}
        pending={decide.isPending}
        error={decide.error ? messageOf(decide.error, t) : undefined}
        onClose={close}
        onConfirm={(reason) => {
          if (!pending) return;
          decide.mutate(
            { storeId: pending.brand.storeId, decision: pending.decision, reason },
            { onSuccess: close },
          );
        }}
      />
    </div>
  );
}
