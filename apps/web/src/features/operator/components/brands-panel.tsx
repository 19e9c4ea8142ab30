import {
  STORE_STATUSES,
  formatMoney,
  type OperatorBrand,
  type StoreStatus,
} from '@marketplace/shared';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { PageLoader } from '../../../components/ui/page-loader';
import { ApiError } from '../../../lib/api-client';
import { useBrands, useDecideBrand, type BrandDecision } from '../api/operator-api';
import { Pager } from './pager';
import { ReasonDialog } from './reason-dialog';

const STATUS_LABELS: Record<StoreStatus, string> = {
  ACTIVE: 'Active',
  PENDING: 'Waiting for approval',
  SUSPENDED: 'Suspended',
};

const DECISIONS: Record<
  BrandDecision,
  { label: string; variant: string; describe: (name: string) => string }
> = {
  approve: {
    label: 'Approve',
    variant: 'primary',
    describe: (name) => `${name} goes live: its available products are listed at once.`,
  },
  suspend: {
    label: 'Suspend',
    variant: 'danger',
    describe: (name) =>
      `${name}'s products leave the catalog at once. Its open orders can still be fulfilled and refunded.`,
  },
  reinstate: {
    label: 'Reinstate',
    variant: 'primary',
    describe: (name) => `${name}'s available products are listed again.`,
  },
};

/** What an operator may do with a brand in its status. */
const decisionsFor = (status: StoreStatus): BrandDecision[] =>
  status === 'PENDING' ? ['approve', 'suspend'] : status === 'ACTIVE' ? ['suspend'] : ['reinstate'];

const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;

export function BrandsPanel() {
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
        <Form.Label>Status</Form.Label>
        <Form.Select
          value={status ?? ''}
          onChange={(event) => {
            setStatus((event.target.value || undefined) as StoreStatus | undefined);
            setPage(1);
          }}
        >
          <option value="">All brands</option>
          {STORE_STATUSES.map((one) => (
            <option key={one} value={one}>
              {STATUS_LABELS[one]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>

      {brands.isPending ? (
        <PageLoader label="Loading brands…" />
      ) : brands.isError ? (
        <p className="text-danger" role="alert">
          The brands could not be loaded. Reload the page to try again.
        </p>
      ) : brands.data.brands.length === 0 ? (
        <p className="empty-state">
          No brands {status ? `are ${STATUS_LABELS[status].toLowerCase()}` : 'yet'}.
        </p>
      ) : (
        <>
          <div className="operator-table-scroll" role="region" aria-label="Brands" tabIndex={0}>
            <table className="table align-middle">
              <thead>
                <tr>
                  <th scope="col">Brand</th>
                  <th scope="col">Status</th>
                  <th scope="col">City</th>
                  <th scope="col" className="text-end">
                    Products
                  </th>
                  <th scope="col" className="text-end">
                    Orders
                  </th>
                  <th scope="col" className="text-end">
                    Sales
                  </th>
                  <th scope="col" className="text-end">
                    Returns rate
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {brands.data.brands.map((brand) => (
                  <tr key={brand.storeId}>
                    <th scope="row">
                      {brand.name}
                      <div className="small text-secondary">{brand.ownerUserName}</div>
                    </th>
                    <td>
                      <span
                        className={`operator-status operator-status--${brand.status.toLowerCase()}`}
                      >
                        {STATUS_LABELS[brand.status]}
                      </span>
                    </td>
                    <td className="text-capitalize">{brand.city.toLowerCase()}</td>
                    <td className="text-end">{brand.products}</td>
                    <td className="text-end">{brand.orders}</td>
                    <td className="text-end text-nowrap">
                      {brand.sales.length
                        ? brand.sales.map((s) => (
                            <div key={s.currency}>{formatMoney(s.amount, s.currency)}</div>
                          ))
                        : '—'}
                    </td>
                    <td className="text-end">{percent(brand.returnsRate)}</td>
                    <td className="text-end text-nowrap">
                      {decisionsFor(brand.status).map((decision) => (
                        <Button
                          key={decision}
                          size="sm"
                          variant={`outline-${DECISIONS[decision].variant}`}
                          className="ms-1"
                          onClick={() => setPending({ brand, decision })}
                          aria-label={`${DECISIONS[decision].label} ${brand.name}`}
                        >
                          {DECISIONS[decision].label}
                        </Button>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            label="Brands pages"
            page={page}
            pageSize={brands.data.pageSize}
            total={brands.data.total}
            onPage={setPage}
          />
        </>
      )}

      <ReasonDialog
        show={pending !== null}
        title={pending ? `${DECISIONS[pending.decision].label} ${pending.brand.name}` : ''}
        description={pending ? DECISIONS[pending.decision].describe(pending.brand.name) : ''}
        confirmLabel={pending ? DECISIONS[pending.decision].label : ''}
        confirmVariant={pending ? DECISIONS[pending.decision].variant : 'primary'}
        pending={decide.isPending}
        error={decide.error ? messageOf(decide.error) : undefined}
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

export const messageOf = (error: Error) =>
  error instanceof ApiError && error.serverMessage
    ? error.serverMessage
    : 'That did not go through. Try again.';
