import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Box, MenuItem, TextField } from '@mui/material';
import { InputHelperText, useInput, useTranslate, type InputProps } from 'react-admin';
import { EXPIRATION_UNITS, changeExpirationUnit, expirationDays, expirationInput, type ExpirationUnit } from '@lp/shared/rules';

/** spec 2 §9: "it emits number × multiplier in days after a 1-second pause" */
export const EMIT_DELAY_MS = 1000;

const UNITS = Object.keys(EXPIRATION_UNITS) as ExpirationUnit[];

/** What the fields show: the digits typed ('' = blank, never expires) and the unit. */
interface Shown {
  amount: string;
  unit: ExpirationUnit;
}

const toDays = ({ amount, unit }: Shown) => expirationDays(amount, unit);

/** A stored value in the largest unit that divides it (the shared rule); blank for null. */
function toShown(days: unknown): Shown {
  const n = days === null || days === undefined || days === '' ? null : Number(days);
  const input = n === null || Number.isNaN(n) ? null : expirationInput(n);
  return input ? { amount: String(input.amount), unit: input.unit } : { amount: '', unit: 'days' };
}

const sameDays = (a: unknown, b: number | null) =>
  (a === null || a === undefined || a === '' ? null : Number(a)) === b;

export interface CertificateExpirationInputProps extends Omit<InputProps, 'source' | 'format' | 'parse'> {
  /** form field holding days or null; defaults to the training's qty_certificate_expiration_days */
  source?: string;
}

/**
 * Certificate expiration (spec 2 §9): a number and a unit; the form value is days, or null when
 * blank (never expires). A stored value is shown in the largest unit that divides it.
 */
export function CertificateExpirationInput({
  source = 'qty_certificate_expiration_days',
  label = 'common.certificate_expiration.label',
  helperText,
  disabled,
  readOnly,
  ...rest
}: CertificateExpirationInputProps) {
  const translate = useTranslate();
  const { id, field, fieldState, isRequired } = useInput({ source, defaultValue: null, disabled, readOnly, ...rest });
  const [shown, setShown] = useState<Shown>(() => toShown(field.value));
  const emitted = useRef<number | null>(toDays(shown));
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; next: Shown } | null>(null);
  const onChangeRef = useRef(field.onChange);
  onChangeRef.current = field.onChange;

  const emit = useCallback((next: Shown) => {
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = null;
    const days = toDays(next);
    emitted.current = days;
    onChangeRef.current(days);
  }, []);

  const schedule = (next: Shown) => {
    setShown(next);
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = { next, timer: setTimeout(() => emit(next), EMIT_DELAY_MS) };
  };

  /** a pause already happened when the field loses focus (or leaves the screen): send now */
  const flush = useCallback(() => {
    if (pending.current) emit(pending.current.next);
  }, [emit]);

  useEffect(() => flush, [flush]);

  // a value set from outside (record loaded, form reset) replaces what is shown
  useEffect(() => {
    if (pending.current || sameDays(field.value, emitted.current)) return;
    const loaded = toShown(field.value);
    emitted.current = toDays(loaded);
    setShown(loaded);
  }, [field.value]);

  const onAmount = (event: ChangeEvent<HTMLInputElement>) =>
    schedule({ ...shown, amount: event.target.value.replace(/\D/g, '') });

  // spec 2 §9: changing the unit resets the number to 0
  const onUnit = (event: ChangeEvent<HTMLInputElement>) => {
    const reset = changeExpirationUnit(event.target.value as ExpirationUnit);
    schedule({ amount: String(reset.amount), unit: reset.unit });
  };

  const error = fieldState.error?.message;
  // spec 2 §9: blank means never expires — said under the field
  const hint = (
    <InputHelperText
      error={error}
      helperText={shown.amount === '' ? 'common.certificate_expiration.never_expires' : (helperText ?? false)}
    />
  );
  const labelText = typeof label === 'string' ? translate(label, { _: label }) : label;

  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }} className={`ra-input ra-input-${source}`}>
      <TextField
        id={id}
        name={field.name}
        inputRef={field.ref}
        type="number"
        label={labelText}
        required={isRequired}
        value={shown.amount}
        onChange={onAmount}
        onBlur={() => {
          flush();
          field.onBlur();
        }}
        disabled={disabled}
        error={!!error}
        helperText={hint}
        slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric', readOnly } }}
      />
      <TextField
        select
        label={translate('common.certificate_expiration.unit')}
        value={shown.unit}
        onChange={onUnit}
        disabled={disabled || readOnly}
        sx={{ minWidth: 140 }}
      >
        {UNITS.map((unit) => (
          <MenuItem key={unit} value={unit}>
            {translate(`common.certificate_expiration.units.${unit}`)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
