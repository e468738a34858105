import { useEffect, useRef, useState } from 'preact/hooks';
import { useI18n } from '../../lib/i18n.ts';
import { crossedMark, formatRemaining, remainingMs } from '../../lib/countdown.ts';

export interface TestCountdownProps {
  /** the attempt's deadline (server time) */
  deadlineAt: string;
  /** server clock minus device clock when the attempt arrived (lib/countdown clockOffset) */
  offsetMs: number;
  /** called once, when the time is over */
  onExpire(): void;
}

/**
 * The time left of a timed attempt (spec 2 §4.8). The figure is a `timer` that screen readers
 * do not read on every tick; a separate polite live region says the time left at marks
 * (lib/countdown isAnnouncementMark).
 */
export function TestCountdown({ deadlineAt, offsetMs, onExpire }: TestCountdownProps) {
  const { t } = useI18n();
  const [left, setLeft] = useState(() => remainingMs(deadlineAt, offsetMs));
  const [announcement, setAnnouncement] = useState('');
  const previous = useRef(Math.ceil(left / 1000));
  const expired = useRef(false);
  const expire = useRef(onExpire);
  expire.current = onExpire;

  useEffect(() => {
    const tick = () => {
      const ms = remainingMs(deadlineAt, offsetMs);
      const seconds = Math.ceil(ms / 1000);
      setLeft(ms);
      const mark = crossedMark(previous.current, seconds);
      if (mark !== null) setAnnouncement(t('portal.tests.time_left', { time: formatRemaining(mark * 1000) }));
      previous.current = seconds;
      if (ms <= 0 && !expired.current) {
        expired.current = true;
        expire.current();
      }
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadlineAt, offsetMs, t]);

  const urgent = left <= 60_000;
  return (
    <div class={`test-countdown${urgent ? ' test-countdown-urgent' : ''}`}>
      <span class="test-countdown-label">{t('portal.tests.time_left_label')}</span>{' '}
      <span role="timer" aria-live="off">{formatRemaining(left)}</span>
      <span class="visually-hidden" aria-live="polite" aria-atomic="true">{announcement}</span>
    </div>
  );
}
