import { Card, CardContent, Typography } from '@mui/material';
import { BooleanInput, Loading, SaveButton, TextInput, Title, Toolbar, useNotify, useTranslate } from 'react-admin';
import { MAILING_LIST_LIMITS, validateMailingListConfig } from '@lp/shared/rules';
import { MESSAGE_PATHS, type MailingListConfig, type MailingListConfigInput } from '@lp/shared/contract';
import { useSettingsRecord } from '../../common/settings/index.ts';
import { EditorForm, translatedErrors } from '../../common/editor/index.ts';
import { useSaveErrors } from '../../common/editor/index.ts';

const F = 'resources.mailing_list_config.fields';

function payload(values: Record<string, unknown>): MailingListConfigInput {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  return {
    sender_name: text(values.sender_name),
    reply_to: text(values.reply_to) || null,
    footer: text(values.footer),
    email_messages: values.email_messages === true,
  };
}

const validate = (values: Record<string, unknown>) => {
  const body = payload(values);
  return translatedErrors(validateMailingListConfig({ ...body, sender_name: body.sender_name ?? '', footer: body.footer ?? '' }));
};

/**
 * spec 1 §2.3 mailing_list_config (title slug mailing_list): the selected client's settings for
 * message e-mails — the sender's name, the reply-to address, a closing text, and whether messages
 * may go by e-mail at all.
 */
export function MailingListConfigPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const saveErrors = useSaveErrors();
  const { data, error, save: put } = useSettingsRecord<MailingListConfig, MailingListConfigInput>(MESSAGE_PATHS.mailingListConfig);

  const save = async (values: Record<string, unknown>) => {
    try {
      await put(payload(values));
      notify('resources.mailing_list_config.saved', { type: 'success' });
      return undefined;
    } catch (failure) {
      return saveErrors(failure, { notice: ({ notice }) => notice ?? 'errors.unexpected_error' });
    }
  };

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="resources.mailing_list_config.name" />
      <CardContent>
        <Typography variant="body2" color="text.secondary">{translate('resources.mailing_list_config.intro')}</Typography>
      </CardContent>
      {error ? (
        <CardContent><Typography color="error" role="alert">{translate('errors.unexpected_error')}</Typography></CardContent>
      ) : !data ? (
        <Loading />
      ) : (
        <EditorForm record={{ id: 'mailing_list_config', ...data }} onSubmit={save} validate={validate} toolbar={<Toolbar><SaveButton /></Toolbar>}>
          <TextInput source="sender_name" label={`${F}.sender_name`} helperText="resources.mailing_list_config.help.sender_name" fullWidth inputProps={{ maxLength: MAILING_LIST_LIMITS.senderNameMax }} />
          <TextInput source="reply_to" label={`${F}.reply_to`} helperText="resources.mailing_list_config.help.reply_to" fullWidth />
          <TextInput source="footer" label={`${F}.footer`} helperText="resources.mailing_list_config.help.footer" multiline minRows={3} fullWidth inputProps={{ maxLength: MAILING_LIST_LIMITS.footerMax }} />
          <BooleanInput source="email_messages" label={`${F}.email_messages`} helperText="resources.mailing_list_config.help.email_messages" />
        </EditorForm>
      )}
    </Card>
  );
}

export default MailingListConfigPage;
