import { useEffect, useState } from 'react';
import { Tooltip } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, useListContext, useNotify, usePermissions, useTranslate } from 'react-admin';
import { ERROR_CODES, isApiError, type ReportAccepted, type SessionUser } from '@lp/shared/contract';
import { REPORT_COOLDOWN_MS, formatCountdown, hasPermission, reportCooldownRemainingMs, type ReportKey } from '@lp/shared/rules';
import { readSession, updateSession } from '@lp/shared/client';
import { apiClient } from '../apiClient.ts';

interface ReportTarget {
  /** spec 1 §3.1 report key: the session timestamp this button counts down from */
  report: ReportKey;
  /** the report's POST path under /api */
  path: string;
  /** the module item that shows the button (spec 1 §6.2): `reports`, or `reports_manager` for the appointment reports */
  permission?: string;
}

export interface ReportButtonProps extends ReportTarget {
  /** the request body from the list's current filters */
  toBody(filterValues: Record<string, unknown>): object;
}

export interface ReportRequestButtonProps extends ReportTarget {
  /** the request body, read when clicked */
  body(): object;
  /** the button's text key (reports.button: "Export report") */
  label?: string;
}

/** Keeps the new timestamp in the stored session, so a reload still knows the cooldown. */
function rememberRequest(report: ReportKey, requestedAt: string): void {
  const { user } = readSession(window.localStorage);
  if (!user) return;
  updateSession(window.localStorage, { user: { ...user, last_report_requests: { ...user.last_report_requests, [report]: requestedAt } } });
}

const KNOWN_CODES: readonly string[] = ERROR_CODES;

/** Whether the session holds the Excel reports item (spec 1 §6.2 `reports`, or the one named; superusers do). */
export function useMayRequestReports(permission = 'reports'): boolean {
  const { permissions: admin } = usePermissions<SessionUser | null>();
  return !!admin && hasPermission(admin, permission);
}

/**
 * A report button of a list toolbar (spec 1 §2.3): asks for the report with the list's filters.
 */
export function ReportButton({ toBody, ...target }: ReportButtonProps) {
  const { filterValues } = useListContext();
  return <ReportRequestButton {...target} body={() => toBody(filterValues ?? {})} />;
}

/**
 * Asks for a report and says it will arrive by e-mail (spec 1 §8.4): a list's button, or an
 * editor's ("open a trail report", spec 2 §2.4). Shown to who holds the Excel reports item (§6.2
 * `reports`; the screen's own item opened the page). Disabled for 5 minutes after the last
 * request of that report, with a countdown, except for superusers (§4.4, §6.1) — the server's rule too.
 */
export function ReportRequestButton({ report, path, body, label = 'reports.button', permission }: ReportRequestButtonProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const { permissions: admin, isPending } = usePermissions<SessionUser | null>();
  const mayRequest = useMayRequestReports(permission);
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
      const res = await apiClient.request(path, { method: 'POST', body: JSON.stringify(body()) });
      const answer: unknown = await res.json().catch(() => undefined);
      if (res.status === 202) {
        const accepted = answer as ReportAccepted;
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
      const code = isApiError(answer) && KNOWN_CODES.includes(answer.code) ? answer.code : 'unexpected_error';
      notify(`errors.${code}`, { type: 'error' });
    } catch {
      notify('errors.unexpected_error', { type: 'error' });
    } finally {
      setNow(Date.now());
      setBusy(false);
    }
  };

  if (!mayRequest) return null;
  return (
    <Tooltip title={waiting ? translate('reports.available_in', { time: formatCountdown(remaining) }) : ''}>
      {/* a disabled button fires no events: the span keeps the tooltip */}
      <span>
        <Button label={label} onClick={() => void requestReport()} disabled={isPending || busy || waiting}>
          <DownloadIcon />
        </Button>
      </span>
    </Tooltip>
  );
}
