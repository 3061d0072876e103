/**
 * Focuses the first element matching `selector` once it is on the page: the floor editor loads on demand, so the
 * button a checklist step leads to appears a moment after Edit Mode turns on. Gives up after `timeoutMs`.
 */
export function focusWhenShown(selector: string, timeoutMs = 5000): () => void {
  const tryFocus = () => {
    const element = document.querySelector<HTMLElement>(selector);
    if (!element) return false;
    element.scrollIntoView({ block: 'nearest' });
    element.focus();
    return true;
  };
  if (tryFocus()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = setTimeout(() => stop(), timeoutMs);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}
