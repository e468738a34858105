import { useEffect, useState } from 'react';
import { Box, Typography } from '@mui/material';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import { useWatch } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { AUDIENCE_PREVIEW_PATH, type AudiencePreviewAnswer, type AudiencePreviewQuery } from '@lp/shared/contract';
import { useContractHttp } from '../http/index.ts';

/** How long the preview waits after the last change before asking (ticking boxes fires in bursts). */
export const AUDIENCE_PREVIEW_DELAY_MS = 400;

const ids = (value: unknown): number[] =>
  (Array.isArray(value) ? value.map(Number).filter((id) => Number.isInteger(id) && id > 0) : []);

type State =
  | { kind: 'empty' }
  | { kind: 'counting' }
  | { kind: 'failed' }
  | { kind: 'reach'; answer: AudiencePreviewAnswer };

/**
 * "Reaches N people" under an audience (spec 2 §5.1, §6; spec 3 §1): the server counts the
 * client's people the audience being edited reaches, with the rule that decides what learners
 * see (docs/api.md "Audience preview"), and names a few. It says the rule for people without an
 * area or a profile, so "all areas + all profiles" is not a guess.
 */
export function AudiencePreview({ areasSource = 'areas', profilesSource = 'profiles', groupsSource = 'user_groups' }: {
  areasSource?: string;
  profilesSource?: string;
  groupsSource?: string;
}) {
  const translate = useTranslate();
  const http = useContractHttp();
  const [areas, profiles, groups] = useWatch({ name: [areasSource, profilesSource, groupsSource] }) as unknown[];
  const query: AudiencePreviewQuery = { areas: ids(areas), profiles: ids(profiles), user_groups: ids(groups) };
  const key = JSON.stringify(query);
  const [state, setState] = useState<State>({ kind: 'empty' });

  useEffect(() => {
    const body = JSON.parse(key) as Required<AudiencePreviewQuery>;
    if (body.areas.length + body.profiles.length + body.user_groups.length === 0) {
      setState({ kind: 'empty' });
      return undefined;
    }
    let live = true;
    setState((previous) => (previous.kind === 'reach' ? previous : { kind: 'counting' }));
    const timer = setTimeout(() => {
      http.json<AudiencePreviewAnswer | null>(AUDIENCE_PREVIEW_PATH, 'POST', body).then(
        (answer) => live && setState(isReach(answer) ? { kind: 'reach', answer } : { kind: 'failed' }),
        (error: unknown) => {
          // only a hint: the save and the learner lists answer for real
          console.error('audience preview failed', error);
          if (live) setState({ kind: 'failed' });
        },
      );
    }, AUDIENCE_PREVIEW_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key, http]);

  return (
    <Box
      role="status"
      aria-live="polite"
      aria-label={translate('common.audience.preview.label')}
      sx={{
        display: 'flex', gap: 1.5, alignItems: 'flex-start', p: 1.5, my: 1, border: 1, borderColor: 'divider', borderRadius: 1,
        bgcolor: 'action.hover', width: '100%', boxSizing: 'border-box',
      }}
    >
      <GroupsOutlined color="action" sx={{ mt: 0.25 }} aria-hidden />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" component="p" sx={{ fontWeight: 600 }}>
          {headline(state, translate)}
        </Typography>
        {state.kind === 'reach' && state.answer.sample.length > 0 && (
          <Typography variant="body2" component="p" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {translate('common.audience.preview.sample', { names: names(state.answer, translate) })}
          </Typography>
        )}
        <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 0.5 }}>
          {translate('common.audience.preview.rule')}
        </Typography>
      </Box>
    </Box>
  );
}

/** The answer has the contract's shape (anything else is shown as a failed count, never thrown at the form). */
const isReach = (answer: AudiencePreviewAnswer | null): answer is AudiencePreviewAnswer =>
  typeof answer?.count === 'number' && Array.isArray(answer.sample);

type Translate = ReturnType<typeof useTranslate>;

function headline(state: State, translate: Translate): string {
  switch (state.kind) {
    case 'empty': return translate('common.audience.preview.nothing_chosen');
    case 'counting': return translate('common.audience.preview.counting');
    case 'failed': return translate('common.audience.preview.failed');
    case 'reach':
      return state.answer.count === 0
        ? translate('common.audience.preview.nobody')
        : translate('common.audience.preview.reaches', { smart_count: state.answer.count });
  }
}

function names({ count, sample }: AudiencePreviewAnswer, translate: Translate): string {
  const listed = sample.map((person) => person.full_name).join(', ');
  const rest = count - sample.length;
  return rest > 0 ? `${listed} ${translate('common.audience.preview.others', { smart_count: rest })}` : listed;
}
