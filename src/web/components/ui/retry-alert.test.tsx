import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RetryAlert } from './retry-alert.tsx';

describe('RetryAlert', () => {
  it('says what failed in an alert with a Try again button', () => {
    const markup = renderToStaticMarkup(
      <RetryAlert onRetry={() => {}} messageClassName="font-medium">
        The floors could not be loaded.
      </RetryAlert>,
    );
    expect(markup).toMatch(/^<div role="alert"><p class="font-medium">The floors could not be loaded.<\/p><button/);
    expect(markup).toMatch(/<button[^>]*>Try again<\/button><\/div>$/);
  });
});
