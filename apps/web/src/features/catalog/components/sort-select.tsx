import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import { PRODUCT_SORTS, type ProductSort } from '../utils/catalog-search';

interface SortSelectProps {
  value: ProductSort;
  onChange: (sort: ProductSort) => void;
}

export function SortSelect({ value, onChange }: SortSelectProps) {
  const id = useId();
  return (
    <div className="sort-select">
      <Form.Label htmlFor={id} className="sort-select__label">
        Sort by
      </Form.Label>
      <Form.Select
        id={id}
        size="sm"
        value={value}
        onChange={(event) => onChange(event.target.value as ProductSort)}
      >
        {PRODUCT_SORTS.map((sort) => (
          <option key={sort.value} value={sort.value}>
            {sort.label}
          </option>
        ))}
      </Form.Select>
    </div>
  );
}
