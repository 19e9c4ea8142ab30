import type { ItemDetail } from '@marketplace/shared';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { useI18n } from '../../../i18n/i18n-context';

interface ProductsTableProps {
  items: ItemDetail[];
  onEdit: (item: ItemDetail) => void;
  onDelete: (item: ItemDetail) => void;
}

/** Spec 2's Products tab: one row per product, unavailable ones included (the owner's view). */
export function ProductsTable({ items, onEdit, onDelete }: ProductsTableProps) {
  const { t, formatMoney, formatPercent } = useI18n();
  return (
    // A focusable region, so keyboard users can scroll the table sideways on a phone.
    <div className="admin-table-scroll" role="region" aria-label={t('Products')} tabIndex={0}>
      <table className="table admin-table align-middle">
        <thead>
          <tr>
            <th scope="col">{t('Thumbnail')}</th>
            <th scope="col">{t('Name')}</th>
            <th scope="col" className="text-end">
              {t('Price')}
            </th>
            <th scope="col" className="text-end">
              {t('Sale')}
            </th>
            <th scope="col">{t('Currency')}</th>
            <th scope="col">{t('Available')}</th>
            <th scope="col">{t('Tags')}</th>
            <th scope="col" className="admin-table__pinned">
              {t('Actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <td>
                {item.thumbnail ? (
                  <img
                    src={item.thumbnail}
                    alt={item.name}
                    width={48}
                    height={64}
                    loading="lazy"
                    className="admin-table__thumb"
                  />
                ) : (
                  <span className="admin-table__thumb admin-table__thumb--empty">
                    {t('No image')}
                  </span>
                )}
              </td>
              <th scope="row" className="admin-table__name">
                {/* Wraps within its own width, clear of the pinned actions (issue 39.23). */}
                <span className="admin-table__name-text">
                  <Link to={`/product/${item.id}`}>{item.name}</Link>
                </span>
              </th>
              <td className="text-end price">{formatMoney(item.price)}</td>
              <td className="text-end">{formatPercent(item.sale > 0 ? item.sale / 100 : 0)}</td>
              <td>{item.currency}</td>
              <td>{item.isAvailable ? t('Yes') : t('No')}</td>
              <td className="admin-table__tags">{item.tags.join(', ')}</td>
              <td className="admin-table__pinned">
                <div className="admin-table__actions admin-table__actions--stack">
                  <Button
                    variant="outline-primary"
                    size="sm"
                    onClick={() => onEdit(item)}
                    aria-label={t('Edit {name}', { name: item.name })}
                  >
                    {t('Edit')}
                  </Button>
                  <Button
                    variant="outline-danger"
                    size="sm"
                    onClick={() => onDelete(item)}
                    aria-label={t('Delete {name}', { name: item.name })}
                  >
                    {t('Delete')}
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
