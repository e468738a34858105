import { Box, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { BooleanInput, DateTimeInput, RadioButtonGroupInput, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { EditorForm } from '../../common/editor/index.ts';
import { MESSAGE_LIMITS } from '@lp/shared/rules';
import type { Message } from '@lp/shared/contract';
import { AudienceInputs } from '../../common/audience/AudienceInputs.tsx';
import { EditToolbar } from '../../common/EditToolbar.tsx';
import { OwnersInput } from '../../common/ownersInput/OwnersInput.tsx';
import { RichTextInput } from '../../common/richText/RichTextInput.tsx';
import { editorImageUploader } from '../../common/upload/uploadEditorImage.ts';
import { validateMessageForm } from './messagePayload.ts';

const F = 'resources.messages.fields';
const uploadImage = editorImageUploader('messages');
const sendModes = [
  { id: 'now', name: 'resources.messages.send_mode.now' },
  { id: 'scheduled', name: 'resources.messages.send_mode.scheduled' },
];
const validate = (values: Record<string, unknown>) => validateMessageForm(values);

function SendDate() {
  const mode = useWatch({ name: 'send_mode' }) as unknown;
  if (mode !== 'scheduled') return null;
  return <DateTimeInput source="send_date" label={`${F}.send_date`} helperText="resources.messages.help.send_date" />;
}

function EmailBody() {
  const email = useWatch({ name: 'send_email' }) as unknown;
  if (email !== true) return null;
  return <BooleanInput source="send_email_body" label={`${F}.send_email_body`} helperText="resources.messages.help.send_email_body" />;
}

/**
 * spec 3 §3 Message: title and text, recipients (users by autocomplete from 3 characters, areas
 * with profiles, groups), send date (now or scheduled) and channels (in the platform and/or by
 * e-mail, with the text in the e-mail or only a notice).
 */
export function MessageForm({ edit = false }: { edit?: boolean }) {
  const translate = useTranslate();
  const record = useRecordContext<Message>();
  return (
    <EditorForm validate={validate} toolbar={edit ? <EditToolbar /> : undefined} warnWhenUnsavedChanges>
      <TextInput source="title" label={`${F}.title`} fullWidth inputProps={{ maxLength: MESSAGE_LIMITS.titleMax }} />
      <RichTextInput source="content" label={`${F}.content`} onUploadImage={uploadImage} maxPlainLength={MESSAGE_LIMITS.contentMax} />

      <Typography variant="subtitle1" sx={{ mt: 2 }}>{translate('resources.messages.sections.recipients')}</Typography>
      <Typography variant="body2" color="text.secondary">{translate('resources.messages.help.recipients')}</Typography>
      <Box sx={{ width: '100%', maxWidth: 720, my: 1 }}>
        <OwnersInput source="users" label={`${F}.users`} initialOwners={record?.users_list ?? []} />
      </Box>
      <AudienceInputs />

      <Typography variant="subtitle1" sx={{ mt: 2 }}>{translate('resources.messages.sections.sending')}</Typography>
      <RadioButtonGroupInput source="send_mode" label={`${F}.send_mode`} choices={sendModes} />
      <SendDate />
      <BooleanInput source="send_in_app" label={`${F}.send_in_app`} />
      <BooleanInput source="send_email" label={`${F}.send_email`} />
      <EmailBody />
    </EditorForm>
  );
}
