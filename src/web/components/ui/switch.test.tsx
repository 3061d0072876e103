import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Switch } from './switch.tsx';

const buttonOf = (markup: string) => markup.match(/<button[^>]*>/)?.[0] ?? '';

describe('Switch', () => {
  it('is a button with the switch role whose state is in aria-checked', () => {
    const on = buttonOf(renderToStaticMarkup(<Switch checked onCheckedChange={() => {}} aria-labelledby="label" />));
    expect(on).toContain('type="button"');
    expect(on).toContain('role="switch"');
    expect(on).toContain('aria-checked="true"');
    expect(on).toContain('aria-labelledby="label"');
    expect(on).toContain('bg-brand-600');
    const off = buttonOf(renderToStaticMarkup(<Switch checked={false} onCheckedChange={() => {}} />));
    expect(off).toContain('aria-checked="false"');
    expect(off).toContain('bg-slate-400');
  });

  it('draws the small switch on the lighter track and greys it out when disabled', () => {
    const small = buttonOf(
      renderToStaticMarkup(<Switch size="sm" checked={false} onCheckedChange={() => {}} disabled />),
    );
    expect(small).toContain('h-5 w-9');
    expect(small).toContain('bg-slate-300');
    expect(small).toContain('disabled=""');
    expect(small).toContain('cursor-not-allowed bg-slate-200');
  });
});
