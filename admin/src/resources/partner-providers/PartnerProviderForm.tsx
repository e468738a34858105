import { BooleanInput, PasswordInput, TextInput, maxLength, regex, required, useRecordContext, useTranslate } from 'react-admin';
import { PARTNER_SLUG_PATTERN } from '@lp/shared/contract';
import { EditorForm } from '../../common/editor/index.ts';
import { EditToolbar } from '../../common/EditToolbar.tsx';

const R = 'resources.partner-providers';
const validateSlug = [required(), maxLength(40), regex(new RegExp(PARTNER_SLUG_PATTERN), `${R}.helper.slug`)];
const validateIssuer = [required(), maxLength(500), regex(/^https?:\/\//, `${R}.helper.issuer`)];

/**
 * spec 1 §2.1 login-{partner}: a partner's OpenID Connect provider. The client secret is write-only
 * (docs/security.md "Secrets at rest"): the form never holds the stored one; empty on edit keeps it.
 */
export function PartnerProviderForm({ edit = false }: { edit?: boolean }) {
  return (
    <EditorForm toolbar={edit ? <EditToolbar /> : undefined}
      defaultValues={{ email_claim: 'email', name_claim: 'name', auto_provision: false, enabled: true }}>
      <TextInput source="name" validate={[required(), maxLength(120)]} fullWidth />
      <TextInput source="slug" validate={validateSlug} helperText={`${R}.helper.slug`} parse={(v: string) => (v ?? '').toLowerCase()} />
      <TextInput source="issuer" validate={validateIssuer} helperText={`${R}.helper.issuer`} fullWidth />
      <TextInput source="oidc_client_id" validate={[required(), maxLength(200)]} />
      <SecretInput edit={edit} />
      <TextInput source="email_claim" validate={[required(), maxLength(60)]} helperText={`${R}.helper.email_claim`} />
      <TextInput source="name_claim" validate={[required(), maxLength(60)]} />
      <TextInput source="document_claim" validate={maxLength(60)} helperText={`${R}.helper.document_claim`} parse={(v: string) => v || null} />
      <BooleanInput source="auto_provision" helperText={`${R}.helper.auto_provision`} />
      <BooleanInput source="enabled" helperText={`${R}.helper.enabled`} />
    </EditorForm>
  );
}

function SecretInput({ edit }: { edit: boolean }) {
  const translate = useTranslate();
  const record = useRecordContext<{ has_client_secret?: boolean }>();
  const stored = edit && record?.has_client_secret;
  return (
    <PasswordInput source="oidc_client_secret" autoComplete="new-password" validate={edit ? maxLength(300) : [required(), maxLength(300)]}
      helperText={translate(stored ? `${R}.helper.secret_stored` : `${R}.helper.secret`)}
      // the stored secret never comes back: the field starts empty on edit
      format={(v: string | undefined) => v ?? ''} />
  );
}
