/**
 * The widget's entry: finds each <comal-order> (or [data-comal-order]) on the page and renders
 * the ordering app into its shadow root, so the host page's CSS cannot reach it.
 */
import { createRoot } from 'react-dom/client';
import root from 'react-shadow';
import { LOADING } from '../shared/api/messages.ts';

// react-shadow types every tag as optional; div is always there.
const ShadowDiv = root.div!;
const styles = `:host{display:block;font-family:system-ui,sans-serif;color:#1b1b1b}`;

function Widget() {
  return (
    <ShadowDiv>
      <style>{styles}</style>
      <p role="status">{LOADING}</p>
    </ShadowDiv>
  );
}

function mountAll() {
  document.querySelectorAll<HTMLElement>('comal-order, [data-comal-order]').forEach((host) => {
    if (host.dataset.comalMounted) return;
    host.dataset.comalMounted = 'true';
    createRoot(host).render(<Widget />);
  });
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mountAll);
else mountAll();
