import { Box } from '@mui/material';
import { TextInput, maxLength, useTranslate } from 'react-admin';

/** spec 1 §3.2: content languages of a translated name. */
export const CONTENT_LANGUAGES = ['pt-br', 'en-us', 'es-es', 'fr-fr'] as const;

const validateTranslation = [maxLength(256)];

/** One input per content language, saved as `translations: {pt-br, en-us, es-es, fr-fr}`. */
export function TranslationsInputs() {
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%' }}>
      <Box component="h3" sx={{ typography: 'subtitle1', mt: 1, mb: 1 }}>
        {translate('admin.translations.title')}
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>
        {CONTENT_LANGUAGES.map((code) => (
          <TextInput
            key={code}
            source={`translations.${code}`}
            label={`admin.translations.${code}`}
            validate={validateTranslation}
            fullWidth
          />
        ))}
      </Box>
    </Box>
  );
}
