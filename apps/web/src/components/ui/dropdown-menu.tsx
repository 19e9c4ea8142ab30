import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

interface DropdownMenuProps {
  /** The toggle button's accessible name. */
  label: string;
  /** What the toggle shows (an icon). */
  toggle: ReactNode;
  /** Classes of the wrapper, beside Bootstrap's `dropdown`. */
  className?: string;
  /** Classes of the toggle button, beside Bootstrap's `dropdown-toggle`. */
  toggleClassName?: string;
  /** The entries: elements with the `dropdown-item` class (and `dropdown-divider`s). */
  children: ReactNode;
}

/**
 * A menu under its button, in Bootstrap's dropdown look, aligned to the button's end. Written
 * out rather than taken from react-bootstrap, whose Dropdown brings Popper.js and its overlay
 * code (~15 KB gzip) into every page that has one. Choosing an entry, Escape, or a click or
 * focus outside closes it (Escape returns to the button); the arrow keys move between entries.
 */
export function DropdownMenu({
  label,
  toggle,
  className = '',
  toggleClassName = '',
  children,
}: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOutside);
    document.addEventListener('focusin', closeOutside);
    return () => {
      document.removeEventListener('mousedown', closeOutside);
      document.removeEventListener('focusin', closeOutside);
    };
  }, [open]);

  const focusItem = (step: 1 | -1) => {
    const items = Array.from(root.current?.querySelectorAll<HTMLElement>('.dropdown-item') ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const next = index === -1 ? (step === 1 ? 0 : items.length - 1) : index + step;
    items[(next + items.length) % items.length]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (open) focusItem(step);
      else {
        setOpen(true);
        // The menu renders first; then its first (or last) entry takes the focus.
        setTimeout(() => focusItem(step));
      }
    }
  };

  return (
    <div ref={root} className={`${className} dropdown${open ? ' show' : ''}`} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        id={`${menuId}-toggle`}
        className={`${toggleClassName} dropdown-toggle btn btn-link${open ? ' show' : ''}`}
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {toggle}
      </button>
      {open ? (
        <div
          id={menuId}
          aria-labelledby={`${menuId}-toggle`}
          data-bs-popper="static"
          className="dropdown-menu show dropdown-menu-end"
          onClick={(event) => {
            if ((event.target as Element).closest('.dropdown-item')) setOpen(false);
          }}
        >
          {children}
        </div>
      ) : null}
    </div>
  );
}
