import { Box, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  ReferenceArrayInput,
  SelectInput,
  TextInput,
  useGetList,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { USER_IMAGE_UPLOAD_KIND, type AdminUser } from '@lp/shared/contract';
import { GENDERS, USER_TYPES, codeLabelKey, formatDate, languageIdForLocale, userTimeZone, type CodeListName, type LocaleCode } from '@lp/shared/rules';
import { TimezoneInput } from '../../common/timezone/TimezoneInput.tsx';
import { TusResourceInput } from '../../common/upload/TusResourceInput.tsx';
import type { CountryOption } from './userValidation.ts';

/**
 * The spec 1 §3.4 user fields that came with the §3.8 lookups: e-mail confirmation, sex, picture,
 * residence, time zone, user type, main and mandatory areas and profiles, and the system's dates.
 */

const row = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%' };

/** A fixed §3.8 list as select choices, labelled in the interface's language. */
function useCodeChoices(list: CodeListName, codes: readonly string[]) {
  const translate = useTranslate();
  return codes.map((id) => ({ id, name: translate(codeLabelKey(list, id)) }));
}

/** spec 1 §3.4 email_confirm beside the e-mail (checked by the shared rule when typed; not stored). */
export function EmailConfirmInput() {
  return <TextInput source="email_confirm" autoComplete="off" fullWidth />;
}

/** spec 1 §3.4 sex (genders) and profile picture (spec 1 §5.4: .jpg, .png, .gif, sent through tus and checked by the server). */
export function SexAndImageInputs() {
  const translate = useTranslate();
  const record = useRecordContext<AdminUser>();
  const sexes = useCodeChoices('genders', GENDERS);
  const stored = record?.image ? { path: record.image, url: record.image_url } : null;
  return (
    <Box sx={row}>
      <SelectInput source="sex" choices={sexes} emptyText="" fullWidth />
      <TusResourceInput
        source="image"
        kind={USER_IMAGE_UPLOAD_KIND}
        label="resources.users.fields.image"
        accept=".jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif"
        hint={translate('resources.users.image_hint')}
        stored={stored}
      />
    </Box>
  );
}

/** spec 1 §3.4 country_of_residence and timezone (every IANA zone, labelled by its offset). */
export function ResidenceInputs({ countries }: { countries: CountryOption[] }) {
  return (
    <Box sx={row}>
      <AutocompleteInput source="country_of_residence_id" choices={countries} optionText="name" fullWidth />
      <TimezoneInput source="timezone" label="resources.users.fields.timezone" fullWidth />
    </Box>
  );
}

const AREAS = { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' as const } };

/**
 * spec 1 §3.4 user_type, main area and mandatory areas (both among the areas chosen above, as the
 * shared rule and the server require) and mandatory profiles.
 */
export function UserTypeAndAreaRoles() {
  const types = useCodeChoices('user_types', USER_TYPES);
  const chosen = useWatch({ name: 'area_ids' }) as number[] | undefined;
  const { data: areas = [] } = useGetList<{ id: number; name: string }>('lookup_areas', AREAS);
  const among = areas.filter((a) => (chosen ?? []).includes(a.id));
  return (
    <>
      <Box sx={row}>
        <SelectInput source="user_type" choices={types} emptyText="" fullWidth />
        <SelectInput source="main_area_id" choices={among} emptyText="" helperText="resources.users.main_area_help" fullWidth />
      </Box>
      <Box sx={row}>
        <AutocompleteArrayInput source="mandatory_area_ids" choices={among} helperText="resources.users.mandatory_areas_help" fullWidth />
        <ReferenceArrayInput source="mandatory_profile_ids" reference="lookup_profiles" perPage={500}>
          <AutocompleteArrayInput optionText="name" label="resources.users.fields.mandatory_profile_ids" fullWidth />
        </ReferenceArrayInput>
      </Box>
    </>
  );
}

/**
 * spec 1 §3.4 dates that are the system's record, read-only: registered, updated, terms accepted
 * (the latest acceptance in the consent history) and enrolled in this client.
 */
export function UserRecordDates() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const languageId = languageIdForLocale(locale as LocaleCode);
  const record = useRecordContext<AdminUser>();
  if (!record?.id) return null;
  const dates: Array<[string, string | null]> = [
    ['date_joined', record.date_joined], ['date_updated', record.date_updated],
    ['enrollment_date', record.enrollment_date], ['accept_terms_date', record.accept_terms_date],
  ];
  return (
    <Box component="section" aria-labelledby="user-record-dates" sx={{ width: '100%', mt: 2 }}>
      <Typography id="user-record-dates" variant="subtitle2" component="h3" gutterBottom>{translate('resources.users.records')}</Typography>
      <Box component="dl" sx={{ ...row, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, m: 0 }}>
        {dates.map(([field, value]) => (
          <Box key={field}>
            <Typography component="dt" variant="caption" color="text.secondary">{translate(`resources.users.fields.${field}`)}</Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>{value ? formatDate(value, languageId, userTimeZone()) : translate('resources.users.not_yet')}</Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
