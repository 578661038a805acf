/**
 * The widget's CSS, set inside its shadow root so the host page's styles cannot reach it (nor
 * ours the page). Mobile first, 44px touch targets, a visible focus ring, and no smooth motion for
 * those who ask for less. A page with a fixed header sets `--comal-sticky-top` (its height) to keep
 * the sticky category bar below it, and `--comal-surface` to the bar's background.
 *
 * The shadow host itself sits in the page, where a partner's CSS can reach it (`div { border }`,
 * `* { font-family: Georgia !important }`): `:host` resets it with !important, which beats the
 * page's rules, even important ones, and everything inside inherits from there.
 *
 * The widget reads no custom property of the page but its own documented `--comal-*` ones: a
 * partner's `--heading-font` or `--accent` never leaks in. Headings use `--comal-heading-font`
 * (the restaurant's own site sets it to its face), else the widget's own face, which
 * widget/host-fonts.ts declares on a partner's page. `--comal-action` (the `theme-color`
 * attribute sets it) recolours buttons and links.
 *
 * It lays out by its own width, not the window's (container queries): usable from 320 px in a
 * partner's sidebar column, two columns of items from 720 px. Being a size container, it would
 * tell a flex row or an auto-sized grid column that it needs no width at all: it asks for 320 px
 * there instead (a partner's `flex: 1` on <comal-order> lets it take the row's room). Its overlays (item dialog, cart,
 * toasts) go to the browser's top layer (a modal <dialog>, a popover), so no stacking context,
 * transform or overflow of the page covers or clips them.
 *
 * Colours by role come from the settings' theme (settings/restaurant.json); the widget build
 * writes each `themeSettings.ROLE` below as its colour, so the bundle holds one plain string.
 * The sheet is adopted by each shadow root (a constructable style sheet), so a page whose CSP
 * says `style-src 'self'` shows it styled.
 */
import { headingStack } from '../shared/heading-font.ts';
import { themeSettings } from '../shared/settings/values.ts';
import { HEADING_FAMILY } from './host-fonts.ts';

export const widgetStyles = `
:host{all:initial!important;display:block!important;container-type:inline-size!important;contain-intrinsic-inline-size:320px!important;font-family:system-ui,sans-serif!important;font-size:16px!important;color:${themeSettings.ink}!important;line-height:1.45!important;text-align:left!important;background:var(--comal-surface,#fff)!important;--comal-heading:var(--comal-heading-font,${headingStack(HEADING_FAMILY)})!important;--a:var(--comal-action,${themeSettings.action})!important}
*{box-sizing:border-box}
h2,h3,h4,p{margin:0}
button,input,a{font:inherit}
button,.checkout,input{min-height:44px;border-radius:8px}
button{cursor:pointer;border:1px solid var(--a);background:#fff;color:var(--a);padding:0 14px}
:focus-visible{outline:3px solid ${themeSettings.focus};outline-offset:2px}
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.status{padding:2em 0;text-align:center}
.store-notice{position:sticky;bottom:0;z-index:3;margin:1em 0 0;padding:12px 16px;border-radius:8px;background:${themeSettings.ink};color:#fff}
.store-notice strong{display:inline-block;margin-right:.4em;padding:0 .5em;border-radius:4px;background:${themeSettings.accent};text-transform:uppercase;letter-spacing:.05em}
.error{margin:1em 0;padding:12px 16px;border-radius:8px;background:#fef2f2;color:#991b1b;border:1px solid #fca5a5}
.menu-bar{position:sticky;top:var(--comal-sticky-top,0);z-index:2;background:var(--comal-surface,#fff);padding:8px 0;border-bottom:1px solid #e5e5e5}
.categories{display:flex;gap:8px;overflow-x:auto;list-style:none;margin:0;padding:4px 2px 8px}
.category-link{white-space:nowrap;border-radius:999px}
.category-link[aria-current]{background:var(--a);color:#fff}
.search{display:flex;flex-direction:column;gap:4px;font-weight:600}
.search input{width:100%;padding:0 12px;border:1px solid #737373;font-weight:400}
.category{padding-top:1.5em}
.category h2{font-family:var(--comal-heading);font-weight:400;font-size:1.5em;scroll-margin-top:calc(var(--comal-scroll-margin,var(--comal-sticky-top,0px)) + 140px)}
.subcategory h3{font-size:1.15em;margin-top:1em}
.items{list-style:none;margin:0;padding:0;display:grid;gap:12px;margin-top:12px}
.item{display:flex;gap:12px;padding:12px;border:1px solid #e5e5e5;border-radius:12px}
.photo{width:96px;height:64px;object-fit:cover;border-radius:8px;flex:none}
.item-body{display:flex;flex-direction:column;gap:4px;min-width:0;flex:1}
.item-name{font-size:1em}
.special{display:inline-block;margin-left:6px;padding:0 8px;border-radius:999px;background:#fef3c7;color:#78350f;font-size:.8em}
.description{color:#404040;font-size:.9em}
.price{font-weight:700}
.sold-out{color:#991b1b;font-weight:700}
.served{margin:0 0 8px;color:#404040;font-weight:600}
.item picture{display:contents}
.add{align-self:flex-start;background:var(--a);color:#fff}
.actions{display:flex;gap:8px;flex-wrap:wrap}
dialog{border:0;padding:0;color:inherit;background:#fff;max-width:100%;max-height:100%}
dialog::backdrop{background:rgba(0,0,0,.45)}
.menu-root{display:contents}
.item-dialog{margin:auto auto 0;max-height:92vh;width:100%;max-width:560px;border-radius:12px 12px 0 0}
.panel{padding:16px;display:flex;flex-direction:column;gap:12px;outline:0}
.group{margin:0;padding:8px 12px 12px;border:1px solid #d4d4d4;border-radius:8px;display:grid;gap:4px}
.group legend{font-weight:700;padding:0 4px}
.rule{font-weight:400;color:#404040;font-size:.9em}
.option{display:flex;align-items:center;gap:10px;min-height:44px}
.option input{width:22px;height:22px;min-height:0;margin:0;accent-color:var(--a)}
.option-name{flex:1}
.option-price{color:#404040}
.need{color:#991b1b;font-weight:600;min-height:1.45em}
.add-line{min-height:48px;font-weight:700}
.add:disabled{background:#e5e5e5;color:#525252;border-color:#a3a3a3;cursor:not-allowed}
.menu-dialog{width:100%;max-width:960px;height:100%;margin:0 auto;--comal-sticky-top:0px}
.launcher{font-weight:700}
.cart{margin:0 0 0 auto;height:100%;width:100%;max-width:420px;animation:slide .2s ease-out}
.cart-head{display:flex;justify-content:space-between;align-items:center}
.icon{width:44px;padding:0;font-size:1.5em}
.lines{list-style:none;margin:0;padding:0;display:grid;gap:12px}
.line{display:grid;gap:6px;padding-bottom:12px;border-bottom:1px solid #e5e5e5}
.line-text{display:grid;grid-template-columns:1fr auto}
.line-name{font-weight:600}
.modifiers{grid-column:1;color:#404040;font-size:.9em}
.line-price{grid-row:1;grid-column:2}
.stepper{display:flex;align-items:center;gap:6px}
.stepper button{width:44px;padding:0}
.stepper .remove{width:auto;margin-left:auto;padding:0 12px}
.quantity{min-width:2ch;text-align:center}
.totals{margin:0;display:grid;gap:4px}
.total-row{display:flex;justify-content:space-between}
.total-row dd{margin:0}
.total-row:last-child{font-weight:700;font-size:1.1em}
.fees{margin:8px 0;color:#404040;font-size:.9em}
.diet{display:flex;flex-wrap:wrap;gap:4px 10px;list-style:none;margin:0;padding:0;font-size:.85em;color:#262626}
.diet-tag{display:inline-flex;align-items:center;gap:4px}
.diet-mark{display:inline-grid;place-items:center;min-width:1.6em;height:1.6em;padding:0 3px;border-radius:999px;background:#dcfce7;color:#14532d;font-size:.75em;font-weight:700}
.diet-contains-nuts .diet-mark{background:#fef3c7;color:#78350f}
svg.diet-mark{width:1.6em;padding:3px;background:#fee2e2;fill:#b91c1c}
.diet-filter{margin:8px 0 0;padding:0;border:0;min-width:0}
.diet-filter legend{padding:0;font-weight:600}
.diet-choices{display:flex;flex-wrap:wrap;gap:8px;margin-top:4px}
.diet-choice{display:inline-flex;align-items:center;gap:6px;min-height:44px;padding:0 12px;border:1px solid #737373;border-radius:999px;cursor:pointer}
.diet-choice:has(input:checked){background:#f0fdf4;border-color:#166534;font-weight:600}
.diet-choice input{width:18px;height:18px;min-height:0;margin:0;accent-color:var(--a)}
.diet-choice:has(input:focus-visible){outline:2px solid var(--a);outline-offset:2px}
.filter-count{margin:4px 0 0;min-height:1.45em;font-size:.9em;color:#404040}
.upsell{color:#166534;font-weight:600}
.hand-over{display:grid;gap:12px;padding:16px 0}
.checkout{display:flex;align-items:center;justify-content:center;background:var(--a);color:#fff;text-decoration:none;font-weight:700}
@media (min-width:720px){.item-dialog{margin:5vh auto auto;border-radius:12px}}
@container (min-width:720px){.photo{width:150px;height:100px}.items{grid-template-columns:repeat(2,minmax(0,1fr))}}
.toasts{position:fixed;inset:calc(var(--comal-sticky-top,0px) + 12px) 12px auto;width:auto;height:auto;margin:0;padding:0;border:0;background:none;overflow:visible;display:grid;justify-items:end;gap:8px;pointer-events:none}
.toast{margin:0;max-width:360px;padding:12px 16px;border-radius:8px;background:${themeSettings.ink};color:#fff;box-shadow:0 6px 20px rgba(0,0,0,.25)}
.toast-success{background:#166534}
.toast-error{background:#991b1b}
@keyframes slide{from{transform:translateX(100%)}}
@media (prefers-reduced-motion:reduce){*{animation:none!important;transition:none!important;scroll-behavior:auto!important}}
`;
