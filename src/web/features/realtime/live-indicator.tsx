import type { LiveStatus } from './use-live-updates.ts';

const labels: Record<LiveStatus, { text: string; title: string; dot: string }> = {
  live: { text: 'Live', title: 'Changes made by anyone appear here as they happen.', dot: 'bg-emerald-500' },
  connecting: { text: 'Connecting…', title: 'Connecting to live updates.', dot: 'bg-amber-400' },
  reconnecting: {
    text: 'Reconnecting…',
    title: 'The live connection dropped. What changed meanwhile is loaded once it is back.',
    dot: 'bg-amber-400',
  },
  offline: {
    text: 'Not live',
    title: 'Live updates are off: use Refresh Data or reload to see the latest.',
    dot: 'bg-slate-400',
  },
};

/** Whether the floor plan on screen follows changes as they happen; announced politely to screen readers. */
export function LiveIndicator({ status }: { status: LiveStatus }) {
  const label = labels[status];
  return (
    <span
      role="status"
      aria-live="polite"
      title={label.title}
      data-live-status={status}
      className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 px-2.5 py-1 text-xs font-medium text-slate-700"
    >
      <span aria-hidden="true" className={`size-2 rounded-full ${label.dot}`} />
      {label.text}
    </span>
  );
}
