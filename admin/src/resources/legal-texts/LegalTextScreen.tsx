import { useState } from 'react';
import { Box, Card, CardContent, Tab, Tabs, Typography } from '@mui/material';
import { Form, Loading, SaveButton, Title, Toolbar, useNotify, usePermissions, useTranslate } from 'react-admin';
import { CONTENT_LANGUAGES, formatDate, type ContentLanguage, type LegalTextKind } from '@lp/shared/rules';
import { LEGAL_TEXT_PATHS, type LegalTextAdmin, type SessionUser } from '@lp/shared/contract';
import { useSettingsRecord } from '../../common/settings/index.ts';
import { RichTextInput } from '../../common/richText/RichTextInput.tsx';

type Values = Record<ContentLanguage, string>;

const R = 'resources.legal_texts';

/**
 * spec 1 §2.3 terms, about, policy, cookies_policy (superuser only, §6.1): the selected client's
 * text in each content language, as rich text. A language left empty has no text of its own:
 * readers get the Portuguese one (spec 1 §9 default language).
 */
export function LegalTextScreen({ kind }: { kind: LegalTextKind }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { permissions: user } = usePermissions<SessionUser | null>();
  const { data, isPending, error, save: put } = useSettingsRecord<LegalTextAdmin, { texts: Record<string, string> }>(LEGAL_TEXT_PATHS.admin(kind));
  const [language, setLanguage] = useState<ContentLanguage>('pt-br');
  const [saving, setSaving] = useState(false);

  if (isPending) return <Loading />;
  if (error || !data) return <Typography color="error" role="alert">{translate(`${R}.messages.load_error`)}</Typography>;

  const record = Object.fromEntries(CONTENT_LANGUAGES.map((code) => [code, data.texts.find((t) => t.language === code)?.content ?? ''])) as Values;
  const updated = data.texts.find((t) => t.language === language)?.updated_at ?? null;

  const save = async (values: Record<string, unknown>) => {
    setSaving(true);
    try {
      const texts = Object.fromEntries(CONTENT_LANGUAGES.map((code) => [code, String(values[code] ?? '')]));
      await put({ texts });
      notify(`${R}.messages.saved`, { type: 'success' });
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : `${R}.messages.save_error`, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ mt: 1 }}>
      <Title title={`${R}.kinds.${kind}`} />
      <Card>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>{translate(`${R}.kinds.${kind}`)}</Typography>
          <Typography variant="body2" color="text.secondary">{translate(`${R}.help.${kind}`)}</Typography>
          <Typography variant="body2" color="text.secondary">{translate(`${R}.help.languages`)}</Typography>
        </CardContent>
        <Form record={record} onSubmit={(values: Record<string, unknown>) => void save(values)} key={data.texts.map((t) => t.updated_at).join()}>
          <Tabs value={language} onChange={(_e, next: ContentLanguage) => setLanguage(next)} aria-label={translate(`${R}.languages`)} sx={{ px: 2 }}>
            {CONTENT_LANGUAGES.map((code) => <Tab key={code} value={code} label={translate(`admin.translations.${code}`)} />)}
          </Tabs>
          <CardContent>
            {/* one editor at a time: the form keeps the other languages' values */}
            <RichTextInput key={language} source={language} label={translate(`admin.translations.${language}`)} fullWidth />
            <Typography variant="caption" color="text.secondary">
              {updated
                ? translate(`${R}.updated_at`, { date: formatDate(updated, user?.id_user_language_selected ?? 1) })
                : translate(`${R}.not_written`)}
            </Typography>
          </CardContent>
          <Toolbar><SaveButton disabled={saving} alwaysEnable={!saving} /></Toolbar>
        </Form>
      </Card>
    </Box>
  );
}

export const TermsScreen = () => <LegalTextScreen kind="terms" />;
export const AboutScreen = () => <LegalTextScreen kind="about" />;
export const PolicyScreen = () => <LegalTextScreen kind="policy" />;
export const CookiesPolicyScreen = () => <LegalTextScreen kind="cookies_policy" />;
