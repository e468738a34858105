import { Box } from '@mui/material';
import { AutocompleteInput, ReferenceInput, TextInput, maxLength, useTranslate } from 'react-admin';

const max = (n: number) => [maxLength(n)];
const v20 = max(20);
const v60 = max(60);
const v100 = max(100);
const v200 = max(200);

/**
 * Address fields shared by headquarters, branches and users (contract AddressIn); labels from the
 * resource. `country`: false where the form asks for the country elsewhere (the user form).
 */
export function AddressInputs({ country = true }: { country?: boolean }) {
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%' }}>
      <Box component="h3" sx={{ typography: 'subtitle1', mt: 1, mb: 1 }}>
        {translate('admin.form.address')}
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 2fr 1fr' }, columnGap: 2 }}>
        <TextInput source="postal_code" validate={v20} />
        <TextInput source="address" validate={v200} />
        <TextInput source="number" validate={v20} />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>
        <TextInput source="complement" validate={v100} />
        <TextInput source="neighborhood" validate={v100} />
        <TextInput source="city" validate={v100} />
        <TextInput source="state" validate={v60} />
        {country && (
          <ReferenceInput source="country_id" reference="lookup_countries" perPage={1000}>
            <AutocompleteInput optionText="name" />
          </ReferenceInput>
        )}
      </Box>
    </Box>
  );
}
