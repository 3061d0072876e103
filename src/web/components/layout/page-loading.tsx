/** A whole page's stand-in while what it shows is loaded: a spinner and a sentence, announced politely. */
export function PageLoading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center" role="status" aria-live="polite">
      <div className="flex items-center gap-3 text-slate-600">
        <span
          className="size-5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600"
          aria-hidden="true"
        />
        <span>{label}</span>
      </div>
    </div>
  );
}
