import { useEffect, type ChangeEvent } from 'react';
import { Box, Checkbox, FormControlLabel } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import { CheckboxGroupInput, useGetList, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { MultiSelect } from '../multiSelect/MultiSelect.tsx';
import { AudiencePreview } from './AudiencePreview.tsx';

/** Form fields of the audience (spec 2 §3.1); the form owner validates them with the shared rule (§5.1). */
export const AUDIENCE_FIELDS = {
  areas: 'areas',
  profiles: 'profiles',
  mandatoryAreas: 'mandatory_areas',
  mandatoryProfiles: 'mandatory_profiles',
  userGroups: 'user_groups',
} as const;

/** spec 2 §5.1: "unticking an area or profile drops it from the mandatory list" */
export function keepChosen(mandatory: readonly Identifier[], chosen: readonly Identifier[] | null | undefined): Identifier[] {
  const ids = new Set((chosen ?? []).map(String));
  return mandatory.filter((id) => ids.has(String(id)));
}

const asIds = (value: unknown): Identifier[] => (Array.isArray(value) ? (value as Identifier[]) : []);

/** Whole lookup lists (the server sends them unpaged). */
function useLookup(resource: 'lookup_areas' | 'lookup_profiles' | 'lookup_user_groups') {
  const { data, isPending } = useGetList<RaRecord & { name?: string }>(resource, {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
  }, {
    // asked for beside the record (useAudienceChoices): the inputs mounted just after reuse that answer
    staleTime: 10_000,
  });
  return { choices: data ?? [], isPending };
}

/** Keeps `subset` within the ids chosen in `of`, whatever changed them. */
function useSubsetOf(subset: string, of: string) {
  const { getValues, setValue } = useFormContext();
  const chosen = useWatch({ name: of }) as unknown;
  useEffect(() => {
    const current = asIds(getValues(subset));
    const kept = keepChosen(current, asIds(chosen));
    if (kept.length !== current.length) setValue(subset, kept, { shouldDirty: true });
  }, [chosen, getValues, setValue, subset]);
}

/** 'select all areas' / 'all' profiles: ticked when every option is chosen. */
function SelectAllCheckbox({ source, choices, label }: { source: string; choices: RaRecord[]; label: string }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const value = asIds(useWatch({ name: source }));
  const chosen = new Set(value.map(String));
  const picked = choices.filter((choice) => chosen.has(String(choice.id))).length;
  const all = choices.length > 0 && picked === choices.length;
  const onChange = (event: ChangeEvent<HTMLInputElement>) =>
    setValue(source, event.target.checked ? choices.map((choice) => choice.id) : [], { shouldDirty: true });
  return (
    <FormControlLabel
      control={
        <Checkbox checked={all} indeterminate={picked > 0 && !all} onChange={onChange} disabled={choices.length === 0} />
      }
      label={translate(label)}
    />
  );
}

export interface AudienceInputsProps {
  /** the client uses training subscription: shows mandatory areas and profiles (spec 2 §2.3) */
  useSubscription?: boolean;
}

/**
 * The permissions sub-tab of the training and webcast editors (spec 2 §2.3, §2.5): areas with
 * 'select all areas', profiles with 'all', mandatory areas / profiles limited to the chosen ones,
 * and user groups, then whom the audience reaches (AudiencePreview). Choices come from the lookup
 * resources.
 */
/**
 * The audience's choices (areas, profiles, user groups: one lookups request). An editor calls it
 * beside its record's fetch, so the lists come in parallel with the record rather than after the
 * form mounts; AudienceInputs then reads them from the cache.
 */
export function useAudienceChoices() {
  return { areas: useLookup('lookup_areas'), profiles: useLookup('lookup_profiles'), groups: useLookup('lookup_user_groups') };
}

export function AudienceInputs({ useSubscription = false }: AudienceInputsProps) {
  const { areas, profiles, groups } = useAudienceChoices();
  const chosenAreas = new Set(asIds(useWatch({ name: AUDIENCE_FIELDS.areas })).map(String));
  const chosenProfiles = new Set(asIds(useWatch({ name: AUDIENCE_FIELDS.profiles })).map(String));
  useSubsetOf(AUDIENCE_FIELDS.mandatoryAreas, AUDIENCE_FIELDS.areas);
  useSubsetOf(AUDIENCE_FIELDS.mandatoryProfiles, AUDIENCE_FIELDS.profiles);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', width: '100%', maxWidth: 720 }}>
      <SelectAllCheckbox source={AUDIENCE_FIELDS.areas} choices={areas.choices} label="common.audience.select_all_areas" />
      <MultiSelect
        source={AUDIENCE_FIELDS.areas}
        label="common.audience.areas"
        choices={areas.choices}
        isPending={areas.isPending}
        optionText="name"
        translateChoice={false}
      />
      <SelectAllCheckbox source={AUDIENCE_FIELDS.profiles} choices={profiles.choices} label="common.audience.all_profiles" />
      <CheckboxGroupInput
        source={AUDIENCE_FIELDS.profiles}
        label="common.audience.profiles"
        choices={profiles.choices}
        isPending={profiles.isPending}
        optionText="name"
        translateChoice={false}
      />
      {useSubscription && (
        <>
          <MultiSelect
            source={AUDIENCE_FIELDS.mandatoryAreas}
            label="common.audience.mandatory_areas"
            choices={areas.choices.filter((area) => chosenAreas.has(String(area.id)))}
            optionText="name"
            translateChoice={false}
          />
          <MultiSelect
            source={AUDIENCE_FIELDS.mandatoryProfiles}
            label="common.audience.mandatory_profiles"
            choices={profiles.choices.filter((profile) => chosenProfiles.has(String(profile.id)))}
            optionText="name"
            translateChoice={false}
          />
        </>
      )}
      {/* optional beside areas and profiles (spec 2 §5.1): no validator, so never marked required */}
      <MultiSelect
        source={AUDIENCE_FIELDS.userGroups}
        label="common.audience.user_groups"
        choices={groups.choices}
        isPending={groups.isPending}
        optionText="name"
        translateChoice={false}
      />
      <AudiencePreview />
    </Box>
  );
}
