import { useState } from 'react';
import {
  Alert, Autocomplete, Button as MuiButton, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, Radio,
  RadioGroup, Stack, TextField,
} from '@mui/material';
import PreviewIcon from '@mui/icons-material/Preview';
import { Button, usePermissions, useTranslate } from 'react-admin';
import { hasPermission } from '@lp/shared/rules';
import { VIEW_EDITOR_PATH, type PreviewGrant, type PreviewGrantInput, type PreviewKind, type SessionUser } from '@lp/shared/contract';
import { useContractHttp } from '../http/index.ts';
import { useAudienceChoices } from '../audience/AudienceInputs.tsx';
import { OWNER_SEARCH_MIN_CHARS, type Owner } from '../ownersInput/OwnersInput.tsx';
import { usePeopleSearch } from '../ownersInput/usePeopleSearch.ts';

const K = 'common.view_as_student';

export interface ViewAsStudentButtonProps {
  kind: PreviewKind;
  contentId: number;
}

type Mode = 'person' | 'audience';
interface Audience { area_id: number | ''; profile_id: number | ''; user_group_id: number | '' }

/**
 * spec 1 §2.3 "view editor as a student" (module item view_editor): asks whom to preview as — one
 * learner of the client, or the first learner of an area, profile and group — then offers the
 * portal page of a short-lived read-only grant (docs/admin.md "View as a student"). Holders of
 * view_editor only.
 */
export function ViewAsStudentButton({ kind, contentId }: ViewAsStudentButtonProps) {
  const { permissions: user } = usePermissions<SessionUser | null>();
  const [open, setOpen] = useState(false);
  if (!user || !hasPermission(user, 'view_editor')) return null;
  return (
    <>
      <Button label={`${K}.button`} onClick={() => setOpen(true)}><PreviewIcon /></Button>
      {open && <ViewAsStudentDialog kind={kind} contentId={contentId} onClose={() => setOpen(false)} />}
    </>
  );
}

function ViewAsStudentDialog({ kind, contentId, onClose }: ViewAsStudentButtonProps & { onClose(): void }) {
  const translate = useTranslate();
  const http = useContractHttp();
  const { areas, profiles, groups } = useAudienceChoices();
  const [mode, setMode] = useState<Mode>('person');
  const [person, setPerson] = useState<Owner | null>(null);
  const [input, setInput] = useState('');
  const [audience, setAudience] = useState<Audience>({ area_id: '', profile_id: '', user_group_id: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<PreviewGrant | null>(null);
  const term = input.trim();
  const { options, loading } = usePeopleSearch(term, mode !== 'person' || term.length < OWNER_SEARCH_MIN_CHARS || term === person?.full_name);

  const chosen = mode === 'person' ? person !== null : Object.values(audience).some((v) => v !== '');
  const idOrNull = (v: number | '') => (v === '' ? null : v);

  const ask = async () => {
    setBusy(true);
    setError(null);
    setPreview(null);
    const body: PreviewGrantInput = mode === 'person'
      ? { kind, content_id: contentId, user_id: person!.id }
      : { kind, content_id: contentId, area_id: idOrNull(audience.area_id), profile_id: idOrNull(audience.profile_id), user_group_id: idOrNull(audience.user_group_id) };
    try {
      setPreview(await http.json<PreviewGrant>(VIEW_EDITOR_PATH, 'POST', body));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'errors.unexpected_error');
    } finally {
      setBusy(false);
    }
  };

  const select = (field: keyof Audience, label: string, choices: Array<{ id: unknown; name?: string }>) => (
    <TextField select fullWidth size="small" label={translate(label)} value={audience[field]}
      onChange={(event) => {
        setPreview(null);
        setAudience({ ...audience, [field]: event.target.value === '' ? '' : Number(event.target.value) });
      }}>
      <MenuItem value="">{translate(`${K}.any`)}</MenuItem>
      {choices.map((c) => <MenuItem key={String(c.id)} value={Number(c.id)}>{c.name}</MenuItem>)}
    </TextField>
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="view-as-student-title">
      <DialogTitle id="view-as-student-title">{translate(`${K}.title`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="info">{translate(`${K}.explanation`)}</Alert>
          <RadioGroup row value={mode} onChange={(event) => {
            setMode(event.target.value as Mode);
            setPreview(null);
          }}>
            <FormControlLabel value="person" control={<Radio />} label={translate(`${K}.mode_person`)} />
            <FormControlLabel value="audience" control={<Radio />} label={translate(`${K}.mode_audience`)} />
          </RadioGroup>
          {mode === 'person' ? (
            <Autocomplete<Owner, false>
              value={person}
              options={options}
              loading={loading}
              filterOptions={(found) => found}
              getOptionLabel={(p) => p.full_name}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              onInputChange={(_event, text) => setInput(text)}
              onChange={(_event, p) => {
                setPerson(p);
                setPreview(null);
              }}
              renderOption={(props, p) => <li {...props} key={p.id}>{p.full_name} <small style={{ marginLeft: 8, opacity: 0.7 }}>{p.email}</small></li>}
              renderInput={(params) => <TextField {...params} label={translate(`${K}.person`)} helperText={translate(`${K}.person_help`)} />}
            />
          ) : (
            <Stack spacing={2}>
              {select('area_id', `${K}.area`, areas.choices)}
              {select('profile_id', `${K}.profile`, profiles.choices)}
              {select('user_group_id', `${K}.group`, groups.choices)}
            </Stack>
          )}
          {error && <Alert severity="error">{translate(error, { _: translate('errors.unexpected_error') })}</Alert>}
          {preview && (
            <Alert severity={preview.visible ? 'success' : 'warning'}>
              {translate(preview.visible ? `${K}.ready` : `${K}.not_visible`, { name: preview.learner.full_name })}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>{translate('ra.action.close')}</MuiButton>
        {preview ? (
          <MuiButton variant="contained" href={preview.portal_path} target="_blank" rel="noopener">
            {translate(`${K}.open`)}
          </MuiButton>
        ) : (
          <MuiButton variant="contained" disabled={!chosen || busy} onClick={() => void ask()}>{translate(`${K}.prepare`)}</MuiButton>
        )}
      </DialogActions>
    </Dialog>
  );
}
