import { useMemo } from 'react';
import { AutocompleteInput, type AutocompleteInputProps } from 'react-admin';
import { timezoneOptions } from '@lp/shared/rules';

export interface TimezoneInputProps extends Omit<AutocompleteInputProps, 'choices' | 'source'> {
  source?: string;
}

/**
 * spec 4 "Dates" / spec 3 §9: every zone, sorted by UTC offset and labelled '(GMT±hh:mm) Zone';
 * typing filters the list (spec 3 §2 "timezone select with filtering"). The value is the zone name.
 */
export function TimezoneInput({ source = 'timezone', label = 'common.timezone.label', ...rest }: TimezoneInputProps) {
  const choices = useMemo(() => timezoneOptions().map((o) => ({ id: o.value, name: o.label })), []);
  return <AutocompleteInput source={source} label={label} choices={choices} translateChoice={false} {...rest} />;
}
