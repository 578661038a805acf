import { useEffect, useRef, useState, type ReactNode } from 'react';

interface Props {
  /** The panel's id (the button controls it). */
  id: string;
  /** The button's words. */
  label: ReactNode;
  /** The panel's name for screen readers. */
  title: string;
  className?: string;
  children: ReactNode;
}

/**
 * A button in the board's bar that opens a panel under it (the store switches, this device's
 * settings); Escape or a tap elsewhere closes it.
 */
export function BarMenu({ id, label, title, className, children }: Props) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      root.current?.querySelector('button')?.focus();
    };
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);
  return (
    <div className={`bar-menu${className ? ` ${className}` : ''}`} ref={root}>
      <button type="button" aria-expanded={open} aria-controls={open ? id : undefined} onClick={() => setOpen(!open)}>
        {label}
      </button>
      {open && (
        <div id={id} className="bar-menu-panel" role="group" aria-label={title}>
          {children}
        </div>
      )}
    </div>
  );
}
