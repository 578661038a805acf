/**
 * Shows a <dialog> as a modal, in the browser's top layer (nothing on a partner's page covers or
 * clips it, and the page behind is inert); a browser without showModal() shows it in place.
 * Already open, it stays as it is.
 */
export function showModal(dialog: HTMLDialogElement | null): void {
  if (!dialog || dialog.open) return;
  if (typeof dialog.showModal === 'function') dialog.showModal();
  else dialog.setAttribute('open', '');
}
