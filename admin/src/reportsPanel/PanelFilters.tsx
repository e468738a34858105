import { useEffect } from 'react';
import { Box, Button } from '@mui/material';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import { useFormContext, useWatch } from 'react-hook-form';
import { AutocompleteArrayInput, Form, ReferenceArrayInput, useTranslate } from 'react-admin';
import { PANEL_FILTERS, type PanelFilterName, type PanelFilters as Filters } from '@lp/shared/rules';

/** Each filter's lookup list (the lookup resources the user form and the audience inputs read). */
const LOOKUP_OF: Record<PanelFilterName, string> = {
  areas: 'lookup_areas',
  profiles: 'lookup_profiles',
  groups: 'lookup_user_groups',
  branches: 'lookup_branches',
  headquarters: 'lookup_headquarters',
};

const P = 'admin.reports_panel';

/** The chosen ids of each filter, the empty ones left out. */
export function filtersOf(values: Partial<Record<PanelFilterName, unknown>>): Filters {
  const filters: Filters = {};
  for (const name of PANEL_FILTERS) {
    const ids = Array.isArray(values[name]) ? (values[name] as unknown[]).map(Number).filter((id) => Number.isInteger(id) && id > 0) : [];
    if (ids.length > 0) filters[name] = ids;
  }
  return filters;
}

/** Tells the page every change of the filters; the page asks for the figures again. */
function FiltersWatcher({ onChange }: { onChange(filters: Filters): void }) {
  const values = useWatch() as Partial<Record<PanelFilterName, unknown>>;
  const key = JSON.stringify(filtersOf(values));
  useEffect(() => {
    onChange(JSON.parse(key) as Filters);
  }, [key, onChange]);
  return null;
}

function ClearButton() {
  const translate = useTranslate();
  const { reset } = useFormContext();
  const values = useWatch() as Partial<Record<PanelFilterName, unknown>>;
  return (
    <Button startIcon={<FilterAltOffIcon />} disabled={Object.keys(filtersOf(values)).length === 0}
      onClick={() => reset(Object.fromEntries(PANEL_FILTERS.map((name) => [name, []])))}>
      {translate(`${P}.clear_filters`)}
    </Button>
  );
}

/**
 * The BI panel's people filters (spec 1 §6.2 reports_panel): areas, profiles, user groups,
 * branches and headquarters of the selected client, each a searchable multi-select over its
 * lookup list. Any of a filter's choices, and every filter chosen (the server's rule).
 */
export function PanelFilters({ onChange }: { onChange(filters: Filters): void }) {
  const translate = useTranslate();
  return (
    <Form onSubmit={() => undefined} defaultValues={Object.fromEntries(PANEL_FILTERS.map((name) => [name, []]))}>
      <Box component="section" aria-label={translate(`${P}.filters`)}
        sx={{ display: 'grid', columnGap: 2, alignItems: 'center', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }}>
        {PANEL_FILTERS.map((name) => (
          <ReferenceArrayInput key={name} source={name} reference={LOOKUP_OF[name]} perPage={1000} sort={{ field: 'name', order: 'ASC' }}>
            <AutocompleteArrayInput optionText="name" label={`${P}.${name}`} helperText={false} fullWidth size="small" />
          </ReferenceArrayInput>
        ))}
        <Box><ClearButton /></Box>
      </Box>
      <FiltersWatcher onChange={onChange} />
    </Form>
  );
}
