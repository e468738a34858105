import type { ComponentChildren } from 'preact';

export interface MessageProps {
  kind: 'error' | 'success' | 'info';
  children: ComponentChildren;
}

/** Errors interrupt (role alert); successes and notes are announced politely (role status). */
export function Message({ kind, children }: MessageProps) {
  return (
    <p class={`message message-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
