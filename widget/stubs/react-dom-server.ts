// Stands in for react-dom/server in the widget bundle: react-shadow imports it only for
// server-side rendering, which the widget never does.
export function renderToString(): string {
  throw new Error('Server rendering is not part of the widget.');
}
