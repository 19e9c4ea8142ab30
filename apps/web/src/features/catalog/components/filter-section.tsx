import { useId, type ReactNode } from 'react';

interface FilterSectionProps {
  title: string;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}

/** One of spec 4's collapsible filter sections: a heading button that shows or hides its list. */
export function FilterSection({ title, open, onToggle, children }: FilterSectionProps) {
  const bodyId = useId();
  return (
    <div className="filter-section">
      <h3 className="filter-section__heading">
        <button
          type="button"
          className="filter-section__toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={onToggle}
        >
          <span>{title}</span>
          <span className="filter-section__icon" aria-hidden="true" />
        </button>
      </h3>
      <div id={bodyId} className="filter-section__body" hidden={!open}>
        {children}
      </div>
    </div>
  );
}
