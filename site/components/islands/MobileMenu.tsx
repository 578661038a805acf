import { useEffect, useRef, useState } from 'react';
import { IslandBoundary } from './IslandBoundary.tsx';

export interface MobileMenuProps {
  links: readonly { name: string; path: string }[];
  phone: string;
  phoneDisplay: string;
  current: string;
}

/** The small-screen menu: a hamburger that turns into a cross, and the site's links plus a call link. */
function MobileMenuPanel({ links, phone, phoneDisplay, current }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div className="mobile-menu">
      <button
        ref={button}
        type="button"
        className={open ? 'hamburger is-open' : 'hamburger'}
        aria-label={open ? 'Close menu' : 'Open menu'}
        aria-expanded={open}
        aria-controls="mobile-menu-panel"
        onClick={() => setOpen(!open)}
      >
        <span className="bar" aria-hidden="true" />
        <span className="bar" aria-hidden="true" />
        <span className="bar" aria-hidden="true" />
      </button>
      <nav id="mobile-menu-panel" className="mobile-menu-panel" aria-label="Site" hidden={!open}>
        <ul>
          {links.map((link) => (
            <li key={link.path}>
              <a
                href={link.path}
                aria-current={link.path === current ? 'page' : undefined}
                onClick={() => setOpen(false)}
              >
                {link.name}
              </a>
            </li>
          ))}
          <li>
            <a className="mobile-call" href={`tel:${phone}`}>
              Call {phoneDisplay}
            </a>
          </li>
        </ul>
      </nav>
    </div>
  );
}

export default function MobileMenu(props: MobileMenuProps) {
  return (
    <IslandBoundary>
      <MobileMenuPanel {...props} />
    </IslandBoundary>
  );
}
