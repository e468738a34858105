import { useEffect, useState } from 'react';
import {
  Autocomplete, Box, IconButton, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { Confirm, useTranslate } from 'react-admin';
import { CONTENT_STATUS, type TrailItem } from '@lp/shared/contract';
import { isApiDate, sameTrailItem, trailItemKey, trailPrerequisiteOptions, type TrailItemRef } from '@lp/shared/rules';
import { MoveButtons } from '../../../common/ordering/MoveButtons.tsx';
import { OrderButton } from '../../../common/ordering/OrderButton.tsx';
import { ContentStatusChip } from '../../../common/ContentStatusChip.tsx';
import { TRAIL_KIND_ICONS } from './trailKinds.tsx';

const KEY = 'resources.trails.modules';

export interface TrailItemsTableProps {
  items: TrailItem[];
  disabled: boolean;
  onMove(item: TrailItem, direction: 'up' | 'down'): void;
  onOrder(item: TrailItem, order: number): void;
  onPrerequisite(item: TrailItem, parent: TrailItemRef | null): void;
  onAvailableIn(item: TrailItem, day: string | null): void;
  onRemove(item: TrailItem): void;
}

/** The available-in day: kept while typed, sent when the field is left with a day (or empty). */
function AvailableInInput({ item, disabled, onChange }: { item: TrailItem; disabled: boolean; onChange(day: string | null): void }) {
  const translate = useTranslate();
  const [text, setText] = useState(item.avaliable_in ?? '');
  useEffect(() => setText(item.avaliable_in ?? ''), [item.avaliable_in]);
  const invalid = text !== '' && !isApiDate(text);
  return (
    <TextField
      type="date"
      size="small"
      value={text}
      disabled={disabled}
      error={invalid}
      onChange={(event) => setText(event.target.value)}
      onBlur={() => {
        const next = text === '' ? null : text;
        if (!invalid && next !== item.avaliable_in) onChange(next);
      }}
      slotProps={{ htmlInput: { 'aria-label': translate(`${KEY}.avaliable_in_of`, { title: item.title }) } }}
    />
  );
}

/**
 * The trail's modules (spec 2 §2.4): move up/down and typed order, kind (icon and name), title (with the
 * content's status when it is no longer published), prerequisite with the §5.8 options,
 * available-in day and remove (after confirmation).
 */
export function TrailItemsTable({ items, disabled, onMove, onOrder, onPrerequisite, onAvailableIn, onRemove }: TrailItemsTableProps) {
  const translate = useTranslate();
  const [removing, setRemoving] = useState<TrailItem | null>(null);
  const count = items.length;
  const label = (item: TrailItem) => `${item.order}. ${item.title}`;

  return (
    // inline-size containment: the wide table scrolls inside its box instead of widening the page on a phone
    <Box sx={{ width: '100%', overflowX: 'auto', contain: 'inline-size' }}>
      <Table size="small" aria-label={translate(`${KEY}.table`)}>
        <TableHead>
          <TableRow>
            <TableCell>{translate(`${KEY}.columns.move`)}</TableCell>
            <TableCell>{translate(`${KEY}.columns.order`)}</TableCell>
            <TableCell>{translate(`${KEY}.columns.kind`)}</TableCell>
            <TableCell>{translate(`${KEY}.columns.title`)}</TableCell>
            <TableCell sx={{ minWidth: 240 }}>{translate(`${KEY}.columns.prerequisite`)}</TableCell>
            <TableCell>{translate(`${KEY}.columns.avaliable_in`)}</TableCell>
            <TableCell align="right">{translate(`${KEY}.columns.remove`)}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {count === 0 && (
            <TableRow>
              <TableCell colSpan={7} align="center">{translate(`${KEY}.empty`)}</TableCell>
            </TableRow>
          )}
          {items.map((item) => {
            const options = trailPrerequisiteOptions(items, item);
            const value = item.prerequisite ? items.find((i) => sameTrailItem(i, item.prerequisite)) ?? null : null;
            return (
              <TableRow key={trailItemKey(item)}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <MoveButtons order={item.order} count={count} title={item.title} disabled={disabled} onMove={(direction) => onMove(item, direction)} />
                </TableCell>
                <TableCell>
                  <OrderButton order={item.order} count={count} title={item.title} disabled={disabled} onChange={(order) => onOrder(item, order)} />
                </TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, whiteSpace: 'nowrap' }}>
                    {TRAIL_KIND_ICONS[item.kind]}
                    {translate(`${KEY}.kinds.${item.kind}`)}
                  </Box>
                </TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    {item.title}
                    {item.item_status !== CONTENT_STATUS.published && <ContentStatusChip status={item.item_status} />}
                  </Box>
                </TableCell>
                <TableCell>
                  <Autocomplete
                    size="small"
                    options={options}
                    value={value}
                    disabled={disabled || (options.length === 0 && !value)}
                    getOptionLabel={label}
                    getOptionKey={trailItemKey}
                    isOptionEqualToValue={(option, selected) => sameTrailItem(option, selected)}
                    noOptionsText={translate(`${KEY}.no_prerequisite_options`)}
                    onChange={(_event, chosen) => onPrerequisite(item, chosen ? { kind: chosen.kind, item_id: chosen.item_id } : null)}
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        placeholder={translate(`${KEY}.no_prerequisite`)}
                        slotProps={{ htmlInput: { ...params.inputProps, 'aria-label': translate(`${KEY}.prerequisite_of`, { title: item.title }) } }}
                      />
                    )}
                  />
                </TableCell>
                <TableCell>
                  <AvailableInInput item={item} disabled={disabled} onChange={(day) => onAvailableIn(item, day)} />
                </TableCell>
                <TableCell align="right">
                  <Tooltip title={translate(`${KEY}.remove`)}>
                    <span>
                      <IconButton
                        size="small"
                        aria-label={translate(`${KEY}.remove_item`, { title: item.title })}
                        disabled={disabled}
                        onClick={() => setRemoving(item)}
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <Confirm
        isOpen={removing !== null}
        title={`${KEY}.remove_title`}
        content={`${KEY}.remove_content`}
        translateOptions={{ title: removing?.title ?? '' }}
        onConfirm={() => {
          if (removing) onRemove(removing);
          setRemoving(null);
        }}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}
