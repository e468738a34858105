import type { JSX } from 'preact';
import { useId } from 'preact/hooks';

export interface FieldProps {
  label: string;
  value: string;
  onValue(value: string): void;
  type?: 'text' | 'email' | 'password' | 'tel' | 'date';
  autoComplete?: string;
  hint?: string;
  required?: boolean;
  readOnly?: boolean;
  maxLength?: number;
  inputMode?: JSX.HTMLAttributes<HTMLInputElement>['inputMode'];
}

/** A labelled input; tests and people alike find it by its label. */
export function Field({ label, value, onValue, type = 'text', hint, ...rest }: FieldProps) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={value}
        onInput={(event) => onValue(event.currentTarget.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...rest}
      />
      {hint && <small id={`${id}-hint`}>{hint}</small>}
    </div>
  );
}

/** spec 1 §8.5: on "make sure that all fields are filled in" the first empty required field gets the focus. */
export function focusFirstEmpty(form: EventTarget | null): void {
  if (!(form instanceof HTMLFormElement)) return;
  const inputs = Array.from(form.querySelectorAll<HTMLInputElement>('input[required]'));
  inputs.find((input) => !input.value.trim())?.focus();
}
