import { formatMoney, type ItemDetail } from '@marketplace/shared';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';

interface ProductsTableProps {
  items: ItemDetail[];
  onEdit: (item: ItemDetail) => void;
  onDelete: (item: ItemDetail) => void;
}

/** Spec 2's Products tab: one row per product, unavailable ones included (the owner's view). */
export function ProductsTable({ items, onEdit, onDelete }: ProductsTableProps) {
  return (
    // A focusable region, so keyboard users can scroll the table sideways on a phone.
    <div className="admin-table-scroll" role="region" aria-label="Products" tabIndex={0}>
      <table className="table admin-table align-middle">
        <thead>
          <tr>
            <th scope="col">Thumbnail</th>
            <th scope="col">Name</th>
            <th scope="col" className="text-end">
              Price
            </th>
            <th scope="col" className="text-end">
              Sale
            </th>
            <th scope="col">Currency</th>
            <th scope="col">Available</th>
            <th scope="col">Tags</th>
            <th scope="col" className="admin-table__pinned">
              Actions
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
                  <span className="admin-table__thumb admin-table__thumb--empty">No image</span>
                )}
              </td>
              <th scope="row" className="admin-table__name">
                <Link to={`/product/${item.id}`}>{item.name}</Link>
              </th>
              <td className="text-end price">{formatMoney(item.price)}</td>
              <td className="text-end">{item.sale > 0 ? `${item.sale}%` : '0%'}</td>
              <td>{item.currency}</td>
              <td>{item.isAvailable ? 'Yes' : 'No'}</td>
              <td className="admin-table__tags">{item.tags.join(', ')}</td>
              <td className="admin-table__pinned">
                <div className="admin-table__actions">
                  <Button
                    variant="outline-primary"
                    size="sm"
                    onClick={() => onEdit(item)}
                    aria-label={`Edit ${item.name}`}
                  >
                    Edit
                  </Button>
                  <Button
                    variant="outline-danger"
                    size="sm"
                    onClick={() => onDelete(item)}
                    aria-label={`Delete ${item.name}`}
                  >
                    Delete
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
