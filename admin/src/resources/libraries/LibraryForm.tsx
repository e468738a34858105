import { useState } from 'react';
import { Alert, Box, Button } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  BooleanInput,
  DeleteButton,
  ReferenceInput,
  SaveButton,
  SelectInput,
  TextInput,
  Toolbar,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { EditorTabbedForm } from '../../common/editor/index.ts';
import { ADMIN_RESOURCES, LIBRARY_UPLOAD_KIND } from '@lp/shared/contract';
import { LIBRARY_FILE_STATUS, LIBRARY_LIMITS, UPLOAD_LIMITS, checkMaterialFile, formatFileSize } from '@lp/shared/rules';
import { AudienceInputs } from '../../common/audience/AudienceInputs.tsx';
import { TagsInput } from '../../common/tags/TagsInput.tsx';
import { TusResourceInput } from '../../common/upload/TusResourceInput.tsx';
import { validateLibraryForm, type LibraryFormValues } from './libraryPayload.ts';

const F = 'resources.libraries.fields';

export const LIBRARY_STATUS_CHOICES = [
  { id: LIBRARY_FILE_STATUS.active, name: 'resources.libraries.status.active' },
  { id: LIBRARY_FILE_STATUS.inactive, name: 'resources.libraries.status.inactive' },
];

function LibraryToolbar({ edit, busy }: { edit: boolean; busy: boolean }) {
  const translate = useTranslate();
  const redirect = useRedirect();
  return (
    <Toolbar sx={{ gap: 1 }}>
      <Button startIcon={<ArrowBackIcon />} onClick={() => redirect('list', ADMIN_RESOURCES.libraries.name)}>
        {translate('resources.libraries.actions.back')}
      </Button>
      <SaveButton alwaysEnable={!busy} disabled={busy} />
      <Box sx={{ flex: 1 }} />
      {edit && <DeleteButton mutationMode="pessimistic" />}
    </Toolbar>
  );
}

const checkFile = (file: File) => {
  const code = checkMaterialFile(file.size);
  return code ? `errors.${code}` : null;
};

/**
 * Issue 7 item 3 library file (spec 3 §3 "Library file"): title, description, category, tags,
 * the file (any extension, ≤ 150 MB, sent with tus), allow download and status; then the
 * audience sub-tab (the training's inputs). The shared rule validates before sending.
 */
export function LibraryForm({ edit }: { edit: boolean }) {
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  return (
    <EditorTabbedForm
      validate={(values) => validateLibraryForm(values as LibraryFormValues)}
      toolbar={<LibraryToolbar edit={edit} busy={busy} />}
      syncWithLocation={false}
      warnWhenUnsavedChanges
    >
      <EditorTabbedForm.Tab label="resources.libraries.tabs.file">
        <TextInput source="title" label={`${F}.title`} fullWidth inputProps={{ maxLength: LIBRARY_LIMITS.titleMax }} isRequired />
        {/* spec 3 §3 "Library file": introduction and slug (empty: made from the title, unique in the client) */}
        <TextInput source="introduction" label={`${F}.introduction`} fullWidth multiline minRows={2} inputProps={{ maxLength: LIBRARY_LIMITS.introductionMax }} />
        <TextInput source="description" label={`${F}.description`} fullWidth multiline minRows={3} inputProps={{ maxLength: LIBRARY_LIMITS.descriptionMax }} />
        <TextInput source="slug" label={`${F}.slug`} helperText="resources.libraries.help.slug" fullWidth inputProps={{ maxLength: LIBRARY_LIMITS.slugMax }} />
        <ReferenceInput source="category" reference={ADMIN_RESOURCES.library_categories.name} perPage={500} sort={{ field: 'name', order: 'ASC' }}>
          <SelectInput label={`${F}.category`} optionText="name" fullWidth isRequired />
        </ReferenceInput>
        <TagsInput label={`${F}.tags`} />
        <TusResourceInput
          source="resource"
          kind={LIBRARY_UPLOAD_KIND}
          label={`${F}.file`}
          accept=""
          hint={translate('resources.libraries.file_hint', { size: formatFileSize(UPLOAD_LIMITS.generalMaxBytes) })}
          check={checkFile}
          onBusyChange={setBusy}
        />
        {busy && <Alert severity="info">{translate('resources.libraries.uploading')}</Alert>}
        <BooleanInput source="allow_download" label={`${F}.allow_download`} helperText="resources.libraries.help.allow_download" />
        <SelectInput source="status" label={`${F}.status`} choices={LIBRARY_STATUS_CHOICES} />
      </EditorTabbedForm.Tab>
      <EditorTabbedForm.Tab label="resources.libraries.tabs.audience">
        <AudienceInputs />
      </EditorTabbedForm.Tab>
    </EditorTabbedForm>
  );
}
