import type { InputHTMLAttributes } from 'react';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  /** What the field asks for, written above it. */
  label: string;
  /** A line under the input (e.g. the password rules). */
  hint?: string;
  /** The hint's element id; given, the input is described by it (`aria-describedby`). */
  hintId?: string;
}

/** A labelled form input (`.field` in app.css): the label above, the input, an optional hint below. */
export function TextField({ label, hint, hintId, ...input }: TextFieldProps) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <input aria-describedby={hintId} {...input} />
      {hint !== undefined && (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      )}
    </label>
  );
}
