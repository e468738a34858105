import { Box } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { TextInput, maxLength, useTranslate } from 'react-admin';
import { LANGUAGES } from '@lp/shared/rules';
import { CONTENT_LANGUAGES } from '../TranslationsInputs.tsx';

/** spec 2 §9: image alt text max 170 per language */
export const ALT_TEXT_MAX = 170;
const validators = new Map<number, ReturnType<typeof maxLength>[]>();
/** one validator list per limit, kept: react-admin wants a stable `validate` */
function validateAltText(max: number) {
  let list = validators.get(max);
  if (!list) {
    list = [maxLength(max)];
    validators.set(max, list);
  }
  return list;
}

export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];
export type AltTexts = Partial<Record<ContentLanguage, string>>;

/**
 * spec 2 §3.1: alt texts are written as an object keyed by language and read as a list
 * `[{language, alt_text}]`; `language` may be the code or the language id (spec 1 §3.2).
 */
export function altTextsFromList(list: readonly { language: string | number; alt_text: string | null }[] | null | undefined): AltTexts {
  const texts: AltTexts = {};
  for (const { language, alt_text } of list ?? []) {
    const code = typeof language === 'number' ? LANGUAGES.find((l) => l.id === language)?.code : language;
    if (code && (CONTENT_LANGUAGES as readonly string[]).includes(code)) texts[code as ContentLanguage] = alt_text ?? '';
  }
  return texts;
}

function AltTextInput({ source, code, max }: { source: string; code: ContentLanguage; max: number }) {
  const translate = useTranslate();
  const value = useWatch({ name: `${source}.${code}` }) as unknown;
  const length = typeof value === 'string' ? value.length : 0;
  return (
    <TextInput
      source={`${source}.${code}`}
      label={translate('common.alt_texts.language', { language: translate(`admin.translations.${code}`) })}
      validate={validateAltText(max)}
      helperText={translate('common.alt_texts.counter', { count: length, max })}
      fullWidth
    />
  );
}

export interface AltTextsInputProps {
  /** form field of the object keyed by content language */
  source?: string;
  label?: string;
  /** characters per alt text: 170 by default (spec 2 §9); news allow 256 (spec 3 §5) */
  max?: number;
}

/** One alt text per content language (pt-br, en-us, es-es, fr-fr), each at most `max` characters. */
export function AltTextsInput({ source = 'group_training_image_alt_texts', label = 'common.alt_texts.title', max = ALT_TEXT_MAX }: AltTextsInputProps) {
  const translate = useTranslate();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, width: '100%' }}>
      <Box component="legend" sx={{ typography: 'subtitle2', mb: 1 }}>
        {translate(label, { _: label })}
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>
        {CONTENT_LANGUAGES.map((code) => (
          <AltTextInput key={code} source={source} code={code} max={max} />
        ))}
      </Box>
    </Box>
  );
}
