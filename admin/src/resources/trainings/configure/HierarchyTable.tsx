import type { ReactElement } from 'react';
import {
  Autocomplete, Box, Table, TableBody, TableCell, TableHead, TableRow, TextField,
} from '@mui/material';
import OndemandVideoIcon from '@mui/icons-material/OndemandVideo';
import AssignmentIcon from '@mui/icons-material/Assignment';
import SportsEsportsIcon from '@mui/icons-material/SportsEsports';
import { useLocaleState, useTranslate } from 'react-admin';
import {
  formatDate, hierarchyKey, languageIdForLocale, prerequisiteOptions, type HierarchyRef, type HierarchyTypeSlug, type LocaleCode,
} from '@lp/shared/rules';
import { hierarchyDateToDay, type HierarchyItem } from '@lp/shared/contract';
import { MoveButtons } from '../../../common/ordering/MoveButtons.tsx';
import { OrderButton } from '../../../common/ordering/OrderButton.tsx';

const KEY = 'resources.trainings.configure';

const TYPE_ICONS: Record<HierarchyTypeSlug, ReactElement> = {
  module: <OndemandVideoIcon fontSize="small" />,
  test: <AssignmentIcon fontSize="small" />,
  game: <SportsEsportsIcon fontSize="small" />,
};

export interface HierarchyTableProps {
  items: HierarchyItem[];
  disabled: boolean;
  onMove(item: HierarchyItem, direction: 'up' | 'down'): void;
  onOrder(item: HierarchyItem, order: number): void;
  onPrerequisite(item: HierarchyItem, parent: HierarchyRef | null): void;
}

const parentOf = (item: HierarchyItem): HierarchyRef | null =>
  item.parent_slug && item.parent_id != null ? { type_slug: item.parent_slug, type_id: item.parent_id } : null;

/**
 * spec 2 §2.3 configure-and-publish table: move up/down, order (popup), type with its icon,
 * title, prerequisite (clearable select with the §5.8 options), available-in date and score.
 */
export function HierarchyTable({ items, disabled, onMove, onOrder, onPrerequisite }: HierarchyTableProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const languageId = languageIdForLocale(locale as LocaleCode);
  const count = items.length;
  const label = (item: HierarchyItem) => `${item.hierarchy_order}. ${item.type_title}`;
  const shownDate = (text: string) => {
    const day = hierarchyDateToDay(text);
    return day ? formatDate(day, languageId) : '';
  };

  return (
    <Box sx={{ width: '100%', overflowX: 'auto' }}>
      <Table size="small" aria-label={translate(`${KEY}.table`)}>
        <TableHead>
          <TableRow>
            <TableCell>{translate(`${KEY}.columns.move`)}</TableCell>
            <TableCell>{translate(`${KEY}.columns.order`)}</TableCell>
            <TableCell>{translate(`${KEY}.columns.type`)}</TableCell>
            <TableCell>{translate(`${KEY}.columns.title`)}</TableCell>
            <TableCell sx={{ minWidth: 240 }}>{translate(`${KEY}.columns.prerequisite`)}</TableCell>
            <TableCell>{translate(`${KEY}.columns.avaliable_in`)}</TableCell>
            <TableCell>{translate(`${KEY}.columns.score`)}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.length === 0 && (
            <TableRow>
              <TableCell colSpan={7} align="center">{translate(`${KEY}.empty`)}</TableCell>
            </TableRow>
          )}
          {items.map((item) => {
            const options = prerequisiteOptions(items, item);
            const parent = parentOf(item);
            const value = parent ? items.find((i) => hierarchyKey(i) === hierarchyKey(parent)) ?? null : null;
            return (
              <TableRow key={hierarchyKey(item)}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <MoveButtons order={item.hierarchy_order} count={count} title={item.type_title} disabled={disabled} onMove={(direction) => onMove(item, direction)} />
                </TableCell>
                <TableCell>
                  <OrderButton
                    order={item.hierarchy_order}
                    count={count}
                    title={item.type_title}
                    disabled={disabled}
                    onChange={(order) => onOrder(item, order)}
                  />
                </TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    {TYPE_ICONS[item.type_slug]}
                    {translate(`${KEY}.types.${item.type_slug}`)}
                  </Box>
                </TableCell>
                <TableCell>{item.type_title}</TableCell>
                <TableCell>
                  <Autocomplete
                    size="small"
                    options={options}
                    value={value}
                    disabled={disabled || (options.length === 0 && !value)}
                    getOptionLabel={label}
                    getOptionKey={hierarchyKey}
                    isOptionEqualToValue={(option, selected) => hierarchyKey(option) === hierarchyKey(selected)}
                    noOptionsText={translate(`${KEY}.no_prerequisite_options`)}
                    clearText={translate('ra.action.clear_input_value')}
                    openText={translate('ra.action.open')}
                    closeText={translate('ra.action.close')}
                    onChange={(_event, chosen) => onPrerequisite(item, chosen ? { type_slug: chosen.type_slug, type_id: chosen.type_id } : null)}
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        placeholder={translate(`${KEY}.no_prerequisite`)}
                        slotProps={{ htmlInput: { ...params.inputProps, 'aria-label': translate(`${KEY}.prerequisite_of`, { title: item.type_title }) } }}
                      />
                    )}
                  />
                </TableCell>
                <TableCell>{shownDate(item.type_avaliable_in)}</TableCell>
                <TableCell>{item.type_score}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
