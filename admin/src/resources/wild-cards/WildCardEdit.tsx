import { Box, Button, IconButton, InputAdornment, Stack, TextField as MuiTextField, Tooltip, Typography } from '@mui/material';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Create, Edit, RadioButtonGroupInput, TextInput, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { EditorForm } from '../../common/editor/index.ts';
import { useFormContext, useWatch } from 'react-hook-form';
import { WILDCARD_LIMITS, hasText, slugify, validateAudience, wildcardSlug, wildcardSlugError } from '@lp/shared/rules';
import { wildcardPortalPath, type WildcardPage } from '@lp/shared/contract';
import { AudienceInputs } from '../../common/audience/AudienceInputs.tsx';
import { EditToolbar } from '../../common/EditToolbar.tsx';
import { RichTextInput } from '../../common/richText/RichTextInput.tsx';

const R = 'resources.wild_cards';

const STATUS_CHOICES = [
  { id: 1, name: 'common.content_status.published' },
  { id: 2, name: 'common.content_status.unpublished' },
];

interface WildCardValues {
  title?: string;
  slug?: string | null;
  content?: string;
  status?: number;
  areas?: number[];
  profiles?: number[];
  user_groups?: number[];
}

/** The server's rules, before the round trip: title, slug of the §5.5 helper, content, audience (spec 2 §5.1 rule). */
export function validateWildCard(values: WildCardValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const title = values.title?.trim() ?? '';
  if (!title) errors.title = 'errors.make_sure_that_all_fields_are_filled_in';
  else if (Array.from(title).length > WILDCARD_LIMITS.titleMax) errors.title = 'errors.title_too_long';
  const slugError = title ? wildcardSlugError(wildcardSlug(title, values.slug)) : null;
  if (slugError) errors.slug = `errors.${slugError}`;
  if (!hasText(values.content)) errors.content = 'errors.make_sure_that_all_fields_are_filled_in';
  const audience = validateAudience({ areas: values.areas ?? [], profiles: values.profiles ?? [], user_groups: values.user_groups ?? [] }, false);
  for (const [field, code] of Object.entries(audience)) errors[field] = `errors.${code}`;
  return errors;
}

/** The slug: typed, or made from the title with the §5.5 helper (a button fills it in); the page's address beside it. */
function SlugInput() {
  const translate = useTranslate();
  const notify = useNotify();
  const { setValue } = useFormContext();
  const title = (useWatch({ name: 'title' }) as string | undefined) ?? '';
  const slug = (useWatch({ name: 'slug' }) as string | null | undefined) ?? '';
  const effective = wildcardSlug(title, slug);
  const address = effective ? `${window.location.origin}${wildcardPortalPath(effective)}` : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      notify(`${R}.messages.link_copied`, { type: 'info' });
    } catch {
      notify('errors.unexpected_error', { type: 'error' });
    }
  };
  return (
    <Stack spacing={1} sx={{ width: '100%' }}>
      <Stack direction="row" spacing={1} alignItems="flex-start">
        <TextInput source="slug" label={`${R}.fields.slug`} helperText={`${R}.help.slug`} fullWidth
          parse={(v: string) => v} inputProps={{ maxLength: WILDCARD_LIMITS.slugMax }} />
        <Tooltip title={translate(`${R}.actions.slug_from_title`)}>
          <span>
            <Button sx={{ mt: 1, whiteSpace: 'nowrap' }} startIcon={<AutoFixHighIcon />} disabled={!title.trim()}
              onClick={() => setValue('slug', slugify(title), { shouldDirty: true, shouldValidate: true })}>
              {translate(`${R}.actions.slug_from_title`)}
            </Button>
          </span>
        </Tooltip>
      </Stack>
      {address && (
        <MuiTextField
          label={translate(`${R}.fields.address`)}
          value={address}
          size="small"
          InputProps={{
            readOnly: true,
            endAdornment: (
              <InputAdornment position="end">
                <IconButton aria-label={translate(`${R}.actions.copy_link`)} onClick={() => void copy()} edge="end"><ContentCopyIcon /></IconButton>
              </InputAdornment>
            ),
          }}
        />
      )}
    </Stack>
  );
}

/**
 * spec 1 §2.3 wild_card/{id}: title, slug (made from the title with the §5.5 helper and editable),
 * rich content, status and audience; the learner reads it at /p/{slug}.
 */
function WildCardForm({ edit }: { edit: boolean }) {
  const translate = useTranslate();
  return (
    <EditorForm toolbar={edit ? <EditToolbar /> : undefined} validate={validateWildCard} defaultValues={{ status: 2, slug: '', content: '' }}>
      <TextInput source="title" label={`${R}.fields.title`} fullWidth isRequired inputProps={{ maxLength: WILDCARD_LIMITS.titleMax }} />
      <SlugInput />
      <RichTextInput source="content" label={`${R}.fields.content`} fullWidth required />
      <RadioButtonGroupInput source="status" label={`${R}.fields.status`} choices={STATUS_CHOICES} />
      <Box sx={{ width: '100%' }}>
        <Typography variant="subtitle1" component="h2" sx={{ mt: 2 }}>{translate(`${R}.fields.audience`)}</Typography>
        <AudienceInputs />
      </Box>
    </EditorForm>
  );
}

function WildCardTitle() {
  const record = useRecordContext<WildcardPage>();
  const translate = useTranslate();
  return <span>{`${translate(`${R}.name`, { smart_count: 1 })}${record ? `: ${record.title}` : ''}`}</span>;
}

export function WildCardEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list" title={<WildCardTitle />}>
      <WildCardForm edit />
    </Edit>
  );
}

export function WildCardCreate() {
  return (
    <Create redirect="list">
      <WildCardForm edit={false} />
    </Create>
  );
}

export default WildCardEdit;
