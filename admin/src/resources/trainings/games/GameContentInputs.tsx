import type { ReactNode } from 'react';
import { Box, Chip, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import {
  ArrayInput, BooleanInput, NumberInput, RadioButtonGroupInput, SimpleFormIterator, TextInput, useSourceContext, useTranslate,
} from 'react-admin';
import type { GameTypeSlug } from '@lp/shared/contract';
import { GAME_LIMITS, parseMarkedWords } from '@lp/shared/rules';
import type { TextRow } from './gameForm.ts';
import { GAMES_KEY } from './gamePaths.ts';

const F = `${GAMES_KEY}.content`;
const number = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

/** The rows of an editable list: add and remove, no clear-all; nothing when the user may only view. */
function Rows({ source, label, disabled, max, inline = false, children }: {
  source: string; label: string; disabled: boolean; max?: number; inline?: boolean; children: ReactNode;
}) {
  const full = useSourceContext().getSource(source);
  const count = (useWatch({ name: full }) as unknown[] | undefined)?.length ?? 0;
  return (
    <ArrayInput source={source} label={label}>
      <SimpleFormIterator
        inline={inline}
        disableClear
        disableReordering={disabled}
        disableAdd={disabled || (max !== undefined && count >= max)}
        disableRemove={disabled}
        fullWidth
      >
        {children}
      </SimpleFormIterator>
    </ArrayInput>
  );
}

/** spec 3 §5: the words marked with ((double parentheses)) in the sentence being typed, found live. */
function MarkedWords() {
  const translate = useTranslate();
  const source = useSourceContext().getSource('text');
  const sentence = useWatch({ name: source }) as string | undefined;
  const { words } = parseMarkedWords(sentence ?? '');
  return (
    <Box aria-live="polite" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, mb: 1 }}>
      {words.length === 0
        ? <Typography variant="caption" color="text.secondary">{translate(`${F}.no_marked_words`)}</Typography>
        : (
          <>
            <Typography variant="caption" color="text.secondary">{translate(`${F}.marked_words`, { smart_count: words.length })}</Typography>
            {words.map((word, i) => <Chip key={`${i}-${word}`} size="small" variant="outlined" label={word} />)}
          </>
        )}
    </Box>
  );
}

function Sentences({ slug, disabled }: { slug: 'drag_the_words' | 'fill_in_the_blanks'; disabled: boolean }) {
  return (
    <Rows source={`content.${slug}.sentences`} label={`${F}.sentences`} disabled={disabled}>
      <TextInput source="text" label={`${F}.sentence`} helperText={`${F}.sentence_help`} multiline fullWidth disabled={disabled} />
      <MarkedWords />
    </Rows>
  );
}

/** The enigma's "which is correct": one of the item's alternatives as typed so far. */
function CorrectAlternative({ disabled }: { disabled: boolean }) {
  const translate = useTranslate();
  const source = useSourceContext().getSource('alternatives');
  const alternatives = (useWatch({ name: source }) as TextRow[] | undefined) ?? [];
  const choices = alternatives.map((a, i) => ({ id: i, name: `${i + 1}. ${a?.text ?? ''}` }));
  if (choices.length === 0) return <Typography variant="caption" color="text.secondary">{translate(`${F}.correct_none`)}</Typography>;
  return (
    <RadioButtonGroupInput source="correct" label={`${F}.correct`} choices={choices} translateChoice={false} parse={number} disabled={disabled} row={false} />
  );
}

/** This or that: each item's category is one of the two typed above. */
function CategoryChoice({ disabled }: { disabled: boolean }) {
  const translate = useTranslate();
  const categories = (useWatch({ name: 'content.this_or_that.categories' }) as string[] | undefined) ?? [];
  const choices = [0, 1].map((i) => ({ id: i, name: categories[i]?.trim() || translate(`${F}.category_${i}`) }));
  return <RadioButtonGroupInput source="category" label={`${F}.item_category`} choices={choices} translateChoice={false} parse={number} defaultValue={0} disabled={disabled} />;
}

/**
 * The content form of one game type (spec 3 §1 types, §3 "Game", §5 "Games"). Field names are
 * the form's (`content.{slug}.…`, see gameForm.ts); errors land on them by `contentFormPath`.
 */
export function GameContentInputs({ slug, disabled }: { slug: GameTypeSlug; disabled: boolean }) {
  const translate = useTranslate();
  switch (slug) {
    case 'drag_the_words':
    case 'fill_in_the_blanks':
      return (
        <>
          <Typography variant="body2" color="text.secondary">{translate(`${F}.sentences_help`)}</Typography>
          <Sentences slug={slug} disabled={disabled} />
        </>
      );
    case 'find_the_pairs':
      return (
        <Rows source="content.find_the_pairs.pairs" label={`${F}.pairs`} disabled={disabled} inline>
          <TextInput source="first" label={`${F}.first`} disabled={disabled} />
          <TextInput source="second" label={`${F}.second`} disabled={disabled} />
        </Rows>
      );
    case 'find_the_words':
      return (
        <>
          <NumberInput source="content.find_the_words.grid_size" label={`${F}.grid_size`} helperText={`${F}.grid_size_help`} min={5} max={30} step={1} disabled={disabled} />
          <Rows source="content.find_the_words.words" label={`${F}.words`} disabled={disabled} inline>
            <TextInput source="word" label={`${F}.word`} helperText={false} disabled={disabled} />
          </Rows>
        </>
      );
    case 'flashcards':
      return (
        <Rows source="content.flashcards.cards" label={`${F}.cards`} disabled={disabled} inline>
          <TextInput source="prompt" label={`${F}.prompt`} disabled={disabled} />
          <TextInput source="answer" label={`${F}.answer`} helperText={`${F}.answer_help`} disabled={disabled} />
        </Rows>
      );
    case 'enigma':
      return (
        <Rows source="content.enigma.items" label={`${F}.items`} disabled={disabled}>
          <TextInput source="question" label={`${F}.question`} multiline fullWidth disabled={disabled} />
          <Rows source="tips" label={`${F}.tips`} disabled={disabled} max={GAME_LIMITS.enigmaMaxTips} inline>
            <TextInput source="text" label={`${F}.tip`} helperText={false} disabled={disabled} />
          </Rows>
          <Rows source="alternatives" label={`${F}.alternatives`} disabled={disabled} max={GAME_LIMITS.enigmaMaxAlternatives} inline>
            <TextInput source="text" label={`${F}.alternative`} helperText={false} disabled={disabled} />
          </Rows>
          <CorrectAlternative disabled={disabled} />
        </Rows>
      );
    case 'this_or_that':
      return (
        <>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
            <TextInput source="content.this_or_that.categories.0" label={`${F}.category_0`} disabled={disabled} />
            <TextInput source="content.this_or_that.categories.1" label={`${F}.category_1`} disabled={disabled} />
          </Box>
          <Rows source="content.this_or_that.items" label={`${F}.items`} disabled={disabled} inline>
            <TextInput source="text" label={`${F}.item_text`} disabled={disabled} />
            <CategoryChoice disabled={disabled} />
          </Rows>
        </>
      );
    case 'true_or_false':
      return (
        <Rows source="content.true_or_false.statements" label={`${F}.statements`} disabled={disabled} inline>
          <TextInput source="text" label={`${F}.statement`} disabled={disabled} />
          <BooleanInput source="truth" label={`${F}.truth`} defaultValue={false} disabled={disabled} />
        </Rows>
      );
  }
}
