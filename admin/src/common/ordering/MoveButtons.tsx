import { IconButton, Tooltip } from '@mui/material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { useTranslate } from 'react-admin';
import { canMoveDown, canMoveUp } from '@lp/shared/rules';

const KEY = 'common.ordering';

export interface MoveButtonsProps {
  order: number;
  count: number;
  title: string;
  disabled: boolean;
  onMove(direction: 'up' | 'down'): void;
}

/** spec 2 §5.8: move up only when order > 1, move down only when order < count. */
export function MoveButtons({ order, count, title, disabled, onMove }: MoveButtonsProps) {
  const translate = useTranslate();
  return (
    <>
      <Tooltip title={translate(`${KEY}.move_up`)}>
        <span>
          <IconButton size="small" aria-label={translate(`${KEY}.move_up_item`, { title })} disabled={disabled || !canMoveUp(order)} onClick={() => onMove('up')}>
            <ArrowUpwardIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={translate(`${KEY}.move_down`)}>
        <span>
          <IconButton size="small" aria-label={translate(`${KEY}.move_down_item`, { title })} disabled={disabled || !canMoveDown(order, count)} onClick={() => onMove('down')}>
            <ArrowDownwardIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </>
  );
}
