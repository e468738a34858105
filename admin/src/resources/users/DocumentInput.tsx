import { useWatch } from 'react-hook-form';
import { TextInput } from 'react-admin';
import { DOCUMENT_MAX_LENGTH, maskDocument, unmaskDocument } from '@lp/shared/rules';
import { useDefaultCountryCode, type CountryOption } from './userValidation.ts';

/**
 * spec 1 §5.2: shown with the mask of the user's country — or of the client's default country
 * while none is chosen — when that country enables its mask (BRA ###.###.###-##, ARG 9, URY 8,
 * others up to 50 characters); kept and sent unmasked.
 */
export function DocumentInput({ countries }: { countries: readonly CountryOption[] }) {
  const countryId = useWatch({ name: 'country_id' }) as number | null | undefined;
  const defaultCode = useDefaultCountryCode();
  const country = countryId == null ? countries.find((c) => c.code === defaultCode) : countries.find((c) => c.id === countryId);
  const code = country?.use_document_mask ? country.code : '';
  return (
    <TextInput
      source="document"
      format={(value: string | null | undefined) => (value ? maskDocument(value, code) : '')}
      parse={(value: string) => (value ? unmaskDocument(value).slice(0, DOCUMENT_MAX_LENGTH) : null)}
      fullWidth
    />
  );
}
