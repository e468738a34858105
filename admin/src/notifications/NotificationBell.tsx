import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Badge, Box, Button, Divider, IconButton, ListItemText, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useLocaleState, usePermissions, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { formatDateTime, formatRelativeTime, languageIdForLocale, userTimeZone, type LocaleCode } from '@lp/shared/rules';
import type { Notification, NotificationsPage, SessionUser } from '@lp/shared/contract';
import { ADMIN_BASENAME } from '../apiClient.ts';
import { useNotificationsApi } from './notificationsApi.ts';
import { linkTarget, notificationText } from './notificationText.ts';

export const NOTIFICATIONS_POLL_MS = 30_000;
export const NOTIFICATIONS_PAGE_SIZE = 10;

/**
 * spec 1 §4.3: imports and reports tell the user when they end. The bell polls the latest
 * notifications (and again when opened); a click marks one read and follows its link.
 */
export function NotificationBell() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notifications = useNotificationsApi();
  const navigate = useNavigate();
  const [page, setPage] = useState<NotificationsPage | null>(null);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const mounted = useRef(true);
  // nobody signed in yet (the app bar shows a moment before the login page): no call that can only be refused
  const { permissions: user } = usePermissions<SessionUser | null>();
  const signedIn = !!user;

  const load = useCallback(async () => {
    try {
      const next = await notifications.latest(NOTIFICATIONS_PAGE_SIZE);
      if (mounted.current) setPage(next);
    } catch (error) {
      // spec 1 §8.5: an admin call without a listed message is only logged
      console.warn('notifications', error);
    }
  }, [notifications]);

  useEffect(() => {
    mounted.current = true;
    if (!signedIn) return undefined;
    void load();
    const timer = setInterval(() => {
      if (typeof document === 'undefined' || !document.hidden) void load();
    }, NOTIFICATIONS_POLL_MS);
    return () => {
      mounted.current = false;
      clearInterval(timer);
    };
  }, [load, signedIn]);

  const open = (event: MouseEvent<HTMLElement>) => {
    setAnchor(event.currentTarget);
    void load();
  };

  const markLocallyRead = (ids: number[] | 'all') => {
    const now = new Date().toISOString();
    setPage((prev) => {
      if (!prev) return prev;
      const results = prev.results.map((n) => (!n.read_at && (ids === 'all' || ids.includes(n.id)) ? { ...n, read_at: now } : n));
      return { ...prev, results, unread: ids === 'all' ? 0 : Math.max(0, prev.unread - ids.length) };
    });
  };

  const choose = async (notification: Notification) => {
    setAnchor(null);
    if (!notification.read_at) {
      markLocallyRead([notification.id]);
      try {
        await notifications.markRead(notification.id);
      } catch (error) {
        console.warn('notifications', error);
      }
    }
    const target = linkTarget(notification.payload.link, ADMIN_BASENAME);
    if (target?.kind === 'router') navigate(target.path);
    else if (target?.kind === 'external') window.open(target.url, '_blank', 'noopener');
    void load();
  };

  const markAll = async () => {
    markLocallyRead('all');
    try {
      await notifications.markAllRead();
    } catch (error) {
      console.warn('notifications', error);
    }
    void load();
  };

  const unread = page?.unread ?? 0;
  const items = page?.results ?? [];

  return (
    <>
      <Tooltip title={translate('admin.notifications.title')}>
        <IconButton
          color="inherit"
          onClick={open}
          aria-label={translate('admin.notifications.open')}
          aria-haspopup="menu"
        >
          <Badge badgeContent={unread} color="error" max={99}>
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { width: 380, maxWidth: '100%' } } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}>
          <Typography variant="subtitle1">{translate('admin.notifications.title')}</Typography>
          <Button size="small" onClick={() => void markAll()} disabled={unread === 0}>
            {translate('admin.notifications.mark_all_read')}
          </Button>
        </Box>
        <Divider />
        {items.length === 0 && (
          <MenuItem disabled>
            <ListItemText primary={translate('admin.notifications.empty')} />
          </MenuItem>
        )}
        {items.map((notification) => {
          const isUnread = !notification.read_at;
          return (
            <MenuItem
              key={notification.id}
              onClick={() => void choose(notification)}
              sx={{ whiteSpace: 'normal', alignItems: 'flex-start', gap: 1 }}
            >
              <Box
                component="span"
                aria-label={isUnread ? translate('admin.notifications.unread') : undefined}
                sx={{
                  mt: 1,
                  width: 8,
                  height: 8,
                  flexShrink: 0,
                  borderRadius: '50%',
                  bgcolor: isUnread ? 'primary.main' : 'transparent',
                }}
              />
              <ListItemText
                primary={notificationText(notification, translate)}
                secondary={
                  <span title={formatDateTime(notification.created_at, languageIdForLocale(locale as LocaleCode), userTimeZone(), { seconds: true })}>
                    {formatRelativeTime(notification.created_at, locale)}
                  </span>
                }
                slotProps={{ primary: { sx: { fontWeight: isUnread ? 600 : 400 } } }}
              />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
