/**
 * A labelled text field whose error is tied to it (aria-invalid, aria-describedby) and read out
 * when it appears.
 */
import { localize } from '../i18n.ts';
import { useId, type InputHTMLAttributes } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  error?: string | undefined;
  hint?: string;
  onValue: (value: string) => void;
}

export function Field({ label, value, error, hint, onValue, className, ...input }: Props) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <span id={`${id}-hint`} className="hint">
          {hint}
        </span>
      )}
      <input
        {...input}
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onInput={(event) => onValue((event.target as HTMLInputElement).value)}
      />
      {error && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {localize(error)}
        </span>
      )}
    </div>
  );
}
