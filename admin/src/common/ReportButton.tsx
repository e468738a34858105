import { useEffect, useState } from 'react';
import { Tooltip } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, useListContext, useNotify, usePermissions, useTranslate } from 'react-admin';
import { ERROR_CODES, isApiError, type ReportAccepted, type SessionUser } from '@lp/shared/contract';
import { REPORT_COOLDOWN_MS, formatCountdown, reportCooldownRemainingMs, type ReportKey } from '@lp/shared/rules';
import { readSession, updateSession } from '@lp/shared/client';
import { apiClient } from '../apiClient.ts';

export interface ReportButtonProps {
  /** spec 1 §3.1 report key: the session timestamp this button counts down from */
  report: ReportKey;
  /** the report's POST path under /api */
  path: string;
  /** the request body from the list's current filters */
  toBody(filterValues: Record<string, unknown>): object;
}

/** Keeps the new timestamp in the stored session, so a reload still knows the cooldown. */
function rememberRequest(report: ReportKey, requestedAt: string): void {
  const { user } = readSession(window.localStorage);
  if (!user) return;
  updateSession(window.localStorage, { user: { ...user, last_report_requests: { ...user.last_report_requests, [report]: requestedAt } } });
}

const KNOWN_CODES: readonly string[] = ERROR_CODES;

/**
 * A report button of a list toolbar (spec 1 §2.3): asks for the report with the list's filters
 * and says it will arrive by e-mail (§8.4). Disabled for 5 minutes after the last request of
 * that report, with a countdown, except for superusers (§4.4, §6.1) — the server's rule too.
 */
export function ReportButton({ report, path, toBody }: ReportButtonProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const { filterValues } = useListContext();
  const { permissions: admin, isPending } = usePermissions<SessionUser | null>();
  const [lastRequestedAt, setLastRequestedAt] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);

  const isSuperuser = !!admin?.is_superuser;
  const last = lastRequestedAt ?? admin?.last_report_requests?.[report] ?? null;
  const remaining = reportCooldownRemainingMs(last, now, isSuperuser);

  const waiting = remaining > 0;

  // the countdown ticks only while the button waits
  useEffect(() => {
    if (!waiting) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [waiting]);

  const requestReport = async () => {
    setBusy(true);
    try {
      const res = await apiClient.request(path, { method: 'POST', body: JSON.stringify(toBody(filterValues ?? {})) });
      const body: unknown = await res.json().catch(() => undefined);
      if (res.status === 202) {
        const accepted = body as ReportAccepted;
        setLastRequestedAt(accepted.requested_at);
        rememberRequest(report, accepted.requested_at);
        notify('reports.processing', { type: 'info' });
        return;
      }
      if (res.status === 429) {
        // the server counts from its own timestamp: line the countdown up with Retry-After
        const seconds = Number(res.headers.get('Retry-After'));
        if (Number.isFinite(seconds) && seconds > 0) {
          setLastRequestedAt(new Date(Date.now() - REPORT_COOLDOWN_MS + seconds * 1000).toISOString());
        }
      }
      const code = isApiError(body) && KNOWN_CODES.includes(body.code) ? body.code : 'unexpected_error';
      notify(`errors.${code}`, { type: 'error' });
    } catch {
      notify('errors.unexpected_error', { type: 'error' });
    } finally {
      setNow(Date.now());
      setBusy(false);
    }
  };

  return (
    <Tooltip title={waiting ? translate('reports.available_in', { time: formatCountdown(remaining) }) : ''}>
      {/* a disabled button fires no events: the span keeps the tooltip */}
      <span>
        <Button label="reports.button" onClick={() => void requestReport()} disabled={isPending || busy || waiting}>
          <DownloadIcon />
        </Button>
      </span>
    </Tooltip>
  );
}
