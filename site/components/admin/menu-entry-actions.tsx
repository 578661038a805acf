/**
 * The buttons on a row of the menu editor's lists: Edit (View when the menu is read-only, for rows
 * that open a form to read) and Remove, each naming its entry for screen readers.
 */
export function EntryActions({
  name,
  readOnly,
  onEdit,
  onRemove,
  viewWhenReadOnly = false,
}: {
  name: string;
  readOnly: boolean;
  onEdit: () => void;
  onRemove: () => void;
  viewWhenReadOnly?: boolean;
}) {
  if (readOnly && !viewWhenReadOnly) return null;
  return (
    <span className="admin-actions">
      <button type="button" onClick={onEdit}>
        {readOnly ? 'View' : 'Edit'} <span className="visually-hidden">{name}</span>
      </button>
      {!readOnly && (
        <button type="button" className="staff-danger" onClick={onRemove}>
          Remove <span className="visually-hidden">{name}</span>
        </button>
      )}
    </span>
  );
}
