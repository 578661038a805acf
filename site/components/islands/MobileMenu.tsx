import { useEffect, useRef, useState } from 'react';
import { IslandBoundary } from './IslandBoundary.tsx';

export interface MobileMenuProps {
  links: readonly { name: string; path: string }[];
  phone: string;
  current: string;
  /** Its words in the page's language (site/i18n.ts). */
  words: { open: string; close: string; site: string; call: string };
  /** The language switch: this page in the other language, named in that language. */
  language: { href: string; name: string; lang: string };
}

/** The small-screen menu: a hamburger that turns into a cross, and the site's links plus a call link. */
function MobileMenuPanel({ links, phone, current, words, language }: MobileMenuProps) {
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
        aria-label={open ? words.close : words.open}
        aria-expanded={open}
        aria-controls="mobile-menu-panel"
        onClick={() => setOpen(!open)}
      >
        <span className="bar" aria-hidden="true" />
        <span className="bar" aria-hidden="true" />
        <span className="bar" aria-hidden="true" />
      </button>
      {/* Its links are drawn once it opens: the page does not carry them twice before its first paint. */}
      <nav id="mobile-menu-panel" className="mobile-menu-panel" aria-label={words.site} hidden={!open}>
        {open && (
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
                {words.call}
              </a>
            </li>
            <li>
              <a href={language.href} lang={language.lang} hrefLang={language.lang}>
                {language.name}
              </a>
            </li>
          </ul>
        )}
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
