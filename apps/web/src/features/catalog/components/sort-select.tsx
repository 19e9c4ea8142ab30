import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import { useI18n } from '../../../i18n/i18n-context';
import { PRODUCT_SORTS, type ProductSort } from '../utils/catalog-search';

interface SortSelectProps {
  value: ProductSort;
  onChange: (sort: ProductSort) => void;
}

export function SortSelect({ value, onChange }: SortSelectProps) {
  const { t } = useI18n();
  const id = useId();
  return (
    <div className="sort-select">
      <Form.Label htmlFor={id} className="sort-select__label">
        {t('Sort by')}
      </Form.Label>
      <Form.Select
        id={id}
        size="sm"
        value={value}
        onChange={(event) => onChange(event.target.value as ProductSort)}
      >
        {PRODUCT_SORTS.map((sort) => (
          <option key={sort.value} value={sort.value}>
            {t(sort.label)}
          </option>
        ))}
      </Form.Select>
    </div>
  );
}
