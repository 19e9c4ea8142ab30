import type { ReactNode } from 'react';

/**
 * A console table in a region of its own, named, that scrolls sideways on a narrow screen (and
 * takes the keyboard's focus to do so).
 */
export function OperatorTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="operator-table-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className="table align-middle">{children}</table>
    </div>
  );
}
