import { Box } from '@mui/material';
import { useWatch } from 'react-hook-form';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  DateInput,
  NumberInput,
  PasswordInput,
  RadioButtonGroupInput,
  ReferenceArrayInput,
  ReferenceInput,
  SaveButton,
  SelectInput,
  TextInput,
  Toolbar,
  usePermissions,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { EditorTabbedForm } from '../../common/editor/index.ts';
import { allowedStatusTransitions, hasPermission, MARITAL_STATUSES, PASSWORD_CHOICES, USER_STATUSES } from '@lp/shared/rules';
import type { AdminUser, SessionUser } from '@lp/shared/contract';
import { AddressInputs } from '../../common/AddressInputs.tsx';
import { OwnersInput } from '../../common/ownersInput/OwnersInput.tsx';
import { DocumentInput } from './DocumentInput.tsx';
import { UserPermissionsTab } from './UserPermissionsTab.tsx';
import { EmailConfirmInput, ResidenceInputs, SexAndImageInputs, UserRecordDates, UserTypeAndAreaRoles } from './UserMoreInputs.tsx';
import { useCountries, useUserValidator } from './userValidation.ts';

const GENDERS = ['male', 'female'];

/** Save only: users leave through a deletion request (spec 1 §4.2), not a delete button. */
function UserFormToolbar() {
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}

/** spec 1 §3.4 gender: male, female, or a free entry (typed, then "create"). */
function GenderInput() {
  const translate = useTranslate();
  const current = useWatch({ name: 'gender' }) as string | null | undefined;
  const choices = GENDERS.map((id) => ({ id, name: translate(`resources.users.gender.${id}`) }));
  if (current && !GENDERS.includes(current)) choices.push({ id: current, name: current });
  return (
    <AutocompleteInput
      source="gender"
      choices={choices}
      onCreate={(text?: string) => (text ? { id: text.slice(0, 40), name: text.slice(0, 40) } : undefined)}
      helperText="resources.users.gender.free_entry"
      fullWidth
    />
  );
}

/**
 * A new user's password (issue 25 item 5): a first-access link e-mailed to the user, or a password
 * the admin types now (then required; the server refuses the same).
 */
function PasswordChoiceInputs() {
  const translate = useTranslate();
  const choice = useWatch({ name: 'password_choice' }) as string | undefined;
  const choices = PASSWORD_CHOICES.map((id) => ({ id, name: translate(`resources.users.password_choice.${id}`) }));
  return (
    <Box sx={row}>
      <RadioButtonGroupInput source="password_choice" choices={choices} isRequired />
      {choice === 'set' && <PasswordInput source="password" isRequired autoComplete="new-password" fullWidth />}
    </Box>
  );
}

/** An edited user may keep their status or move as the shared transitions allow (spec 1 §4.1). */
function StatusInput() {
  const translate = useTranslate();
  const record = useRecordContext<AdminUser>();
  const from = record?.status;
  // deletion is decided in the deletion panel, never through this select (spec 1 §4.2)
  const settable = (s: string) => s !== 'deleted' && s !== 'deletion_requested';
  const ids = from ? [from, ...allowedStatusTransitions(from).filter(settable)] : USER_STATUSES.filter(settable);
  const choices = ids.map((id) => ({ id, name: translate(`resources.users.status.${id}`, { _: id }) }));
  return <SelectInput source="status" choices={choices} disabled={!!from && !settable(from)} fullWidth />;
}

/** The user's superiors: searched among the client's people (the owner search), shown by name. */
function SuperiorsInput() {
  const record = useRecordContext<AdminUser>();
  return (
    <OwnersInput
      source="superior_ids"
      label="resources.users.fields.superior_ids"
      initialOwners={record?.superiors_list ?? []}
      helperText="resources.users.superiors_help"
    />
  );
}

/** spec 1 §3.8 marital status, translated. */
function MaritalStatusInput() {
  const translate = useTranslate();
  const choices = MARITAL_STATUSES.map((id) => ({ id, name: translate(`resources.users.marital_status.${id}`) }));
  return <SelectInput source="marital_status" choices={choices} emptyText="" fullWidth />;
}

/** The description only while the user is marked as a person with a disability. */
function HandicapInputs() {
  const handicapped = useWatch({ name: 'is_handicapped' }) as boolean | undefined;
  return (
    <Box sx={row}>
      <BooleanInput source="is_handicapped" />
      {handicapped && <TextInput source="handicap_description" multiline fullWidth />}
    </Box>
  );
}

const row = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%' };
const phone = { display: 'grid', gridTemplateColumns: '1fr 1fr 3fr', columnGap: 2, width: '100%' };
const phones = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' }, columnGap: 2, width: '100%' };

/** The user register form: personal data, organisation data, permissions (spec 1 §2.3). */
export function UserForm({ isNew = false }: { isNew?: boolean }) {
  const validate = useUserValidator(isNew);
  const countries = useCountries();
  const { permissions: admin } = usePermissions<SessionUser | null>();
  const clients = (admin?.user_clients ?? []).map((c) => ({ id: c.id, name: c.name }));
  // GET/PUT …/permissions/ need user_management (docs/api.md)
  const canEditPermissions = admin ? hasPermission(admin, 'user_management') : false;

  return (
    <EditorTabbedForm validate={validate} toolbar={<UserFormToolbar />} warnWhenUnsavedChanges>
      <EditorTabbedForm.Tab label="resources.users.tabs.personal">
        <Box sx={row}>
          <TextInput source="full_name" isRequired fullWidth />
          <TextInput source="nick_name" fullWidth />
        </Box>
        <Box sx={row}>
          <TextInput source="email" isRequired fullWidth />
          <EmailConfirmInput />
        </Box>
        <Box sx={row}>
          <AutocompleteInput source="country_id" choices={countries} optionText="name" fullWidth />
          <TextInput source="register" fullWidth />
        </Box>
        <Box sx={{ ...row, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' } }}>
          <DocumentInput countries={countries} />
          <TextInput source="gmin_number" fullWidth />
          <TextInput source="sap_code" fullWidth />
        </Box>
        <Box sx={row}>
          <GenderInput />
          <DateInput source="birthday" fullWidth />
        </Box>
        <SexAndImageInputs />
        <Box sx={phone}>
          <TextInput source="mobile_country_code" />
          <TextInput source="mobile_area_code" />
          <TextInput source="mobile" fullWidth />
        </Box>
        <Box sx={phones}>
          <TextInput source="commercial_phone" fullWidth />
          <TextInput source="residential_phone" fullWidth />
          <TextInput source="whatsapp" fullWidth />
        </Box>
        <Box sx={row}>
          <MaritalStatusInput />
          <NumberInput source="number_of_children" min={0} max={30} step={1} fullWidth />
        </Box>
        <HandicapInputs />
        <AddressInputs country={false} />
        <ResidenceInputs countries={countries} />
        {isNew && <PasswordChoiceInputs />}
      </EditorTabbedForm.Tab>
      <EditorTabbedForm.Tab label="resources.users.tabs.organisation" path="organisation">
        <AutocompleteArrayInput source="client_ids" choices={clients} isRequired fullWidth />
        <Box sx={row}>
          <ReferenceInput source="profile_id" reference="lookup_profiles" perPage={500}>
            <SelectInput optionText="name" label="resources.users.fields.profile_id" fullWidth />
          </ReferenceInput>
          <StatusInput />
        </Box>
        <ReferenceArrayInput source="area_ids" reference="lookup_areas" perPage={500}>
          <AutocompleteArrayInput optionText="name" label="resources.users.fields.area_ids" fullWidth />
        </ReferenceArrayInput>
        <UserTypeAndAreaRoles />
        <ReferenceArrayInput source="group_ids" reference="lookup_user_groups" perPage={500}>
          <AutocompleteArrayInput optionText="name" label="resources.users.fields.group_ids" fullWidth />
        </ReferenceArrayInput>
        <ReferenceInput source="branch_id" reference="lookup_branches" perPage={1000}>
          <AutocompleteInput optionText="name" label="resources.users.fields.branch_id" fullWidth />
        </ReferenceInput>
        <Box sx={row}>
          <DateInput source="admission_date" fullWidth />
          <BooleanInput source="store_manager" />
        </Box>
        {/* spec 1 §3.4 superiors (approvers): people of this client who approve the account (§4.1) */}
        <SuperiorsInput />
        <UserRecordDates />
      </EditorTabbedForm.Tab>
      {canEditPermissions && (
        <EditorTabbedForm.Tab label="resources.users.tabs.permissions" path="permissions">
          <UserPermissionsTab />
        </EditorTabbedForm.Tab>
      )}
    </EditorTabbedForm>
  );
}
