import { TextInput, maxLength, required } from 'react-admin';
import { EditorForm } from '../../common/editor/index.ts';
import { invalidEmailDomain } from '@lp/shared/rules';
import { EditToolbar } from '../../common/EditToolbar.tsx';
import { TranslationsInputs } from '../../common/TranslationsInputs.tsx';

const validateName = [required(), maxLength(120)];

/** spec 1 §5.3: the domains the profile's users' e-mails must have, edited one per line. */
const domainsText = (value: readonly string[] | null | undefined) => (value ?? []).join('\n');
// lines are kept as typed (a new empty line must survive the next render); the server normalises
const domainsList = (text: string) => text.split('\n');
const validateDomains = (value: readonly string[] | null | undefined) =>
  (invalidEmailDomain(value ?? []) === null ? undefined : 'errors.invalid_email_domain');

export function ProfileForm({ edit = false }: { edit?: boolean }) {
  return (
    <EditorForm toolbar={edit ? <EditToolbar /> : undefined}>
      <TextInput source="name" validate={validateName} fullWidth />
      <TextInput
        source="email_domains"
        multiline
        minRows={2}
        format={domainsText}
        parse={domainsList}
        validate={validateDomains}
        helperText="resources.profiles.email_domains_help"
        fullWidth
      />
      <TranslationsInputs />
    </EditorForm>
  );
}
