import { Box, Typography } from '@mui/material';
import { AutocompleteArrayInput, ReferenceArrayInput, useRecordContext } from 'react-admin';
import { ADMIN_RESOURCES } from '@lp/shared/contract';

interface TagOption { id: number; name: string; areas?: { id: number; name: string }[] }

/** spec 2 §2.3, spec 3 §2: each tag option shows its areas' names as a sublabel. */
function TagOptionText() {
  const tag = useRecordContext<TagOption>();
  if (!tag) return null;
  const areas = (tag.areas ?? []).map((a) => a.name).join(', ');
  return (
    <Box>
      <Typography variant="body2">{tag.name}</Typography>
      {areas && <Typography variant="caption" color="text.secondary">{areas}</Typography>}
    </Box>
  );
}

const inputText = (tag: TagOption) => tag.name;
const matchSuggestion = (filter: string, tag: TagOption) => tag.name.toLowerCase().includes(filter.toLowerCase());

/** The tags multi-select of the content editors (trainings, trails, news), on the form field `tags`. */
export function TagsInput({ disabled, label = 'common.tags.label', isRequired }: { disabled?: boolean; label?: string; isRequired?: boolean }) {
  return (
    <ReferenceArrayInput source="tags" reference={ADMIN_RESOURCES.tags.name} perPage={500} sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteArrayInput
        label={label}
        optionText={<TagOptionText />}
        inputText={inputText}
        matchSuggestion={matchSuggestion}
        disabled={disabled}
        isRequired={isRequired}
        fullWidth
      />
    </ReferenceArrayInput>
  );
}
