import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RetryAlert } from './retry-alert.tsx';

describe('RetryAlert', () => {
  it('says what failed in an alert with a small Try again button by default', () => {
    const markup = renderToStaticMarkup(<RetryAlert onRetry={() => {}}>Please try again</RetryAlert>);
    expect(markup).toMatch(
      /^<div role="alert" class="grid justify-items-start gap-3"><p class="text-sm text-slate-800">Please try again<\/p><button/,
    );
    expect(markup).toMatch(/<button[^>]*class="[^"]*h-8[^"]*"[^>]*>Try again<\/button><\/div>$/);
  });

  it('takes the look of the page it stands on', () => {
    const markup = renderToStaticMarkup(
      <RetryAlert onRetry={() => {}} className="" messageClassName="font-medium" buttonClassName="mt-3" size="md">
        The floors could not be loaded.
      </RetryAlert>,
    );
    expect(markup).toMatch(/^<div role="alert" class=""><p class="font-medium">The floors could not be loaded.<\/p>/);
    expect(markup).toMatch(/<button[^>]*class="[^"]*h-10[^"]*mt-3"[^>]*>Try again<\/button><\/div>$/);
  });
});
