import { useState, type FormEvent } from 'react';
import { Box, Button, Popover, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { isValidTypedOrder } from '@lp/shared/rules';

const KEY = 'common.ordering';

export interface OrderButtonProps {
  order: number;
  count: number;
  title: string;
  disabled: boolean;
  onChange(order: number): void;
}

/** spec 2 §2.3 / §5.8: the order, editable in a popup number input (> 0 and at most the item count). */
export function OrderButton({ order, count, title, disabled, onChange }: OrderButtonProps) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [text, setText] = useState(String(order));
  const typed = Number(text);
  const valid = text.trim() !== '' && isValidTypedOrder(typed, count);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    setAnchor(null);
    if (typed !== order) onChange(typed);
  };

  return (
    <>
      <Button
        size="small"
        variant="outlined"
        disabled={disabled}
        aria-label={translate(`${KEY}.change_order_of`, { title })}
        onClick={(event) => {
          setText(String(order));
          setAnchor(event.currentTarget);
        }}
        sx={{ minWidth: 40 }}
      >
        {order}
      </Button>
      <Popover open={!!anchor} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
        <Box component="form" onSubmit={submit} sx={{ p: 2, display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            autoFocus
            size="small"
            type="number"
            label={translate(`${KEY}.order`)}
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={!valid}
            helperText={translate(valid ? `${KEY}.order_hint` : `${KEY}.order_invalid`, { count })}
            slotProps={{ htmlInput: { min: 1, max: count, step: 1 } }}
            sx={{ width: 180 }}
          />
          <Button type="submit" variant="contained" disabled={!valid}>
            {translate(`${KEY}.apply`)}
          </Button>
        </Box>
      </Popover>
    </>
  );
}
