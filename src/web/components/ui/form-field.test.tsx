import { renderToStaticMarkup } from 'react-dom/server';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { FormField, type FormFieldProps } from './form-field.tsx';

interface Fields {
  email: string;
}

type FieldOptions = Omit<FormFieldProps<Fields, unknown, Fields>, 'control' | 'name' | 'label' | 'children'>;

/** Renders one Email field of a form whose state holds `problem` for it (set before the first render). */
function markupOf(options: FieldOptions & { problem?: string } = {}) {
  const { problem, ...props } = options;
  function Harness() {
    const form = useForm<Fields>({ defaultValues: { email: '' } });
    if (problem) form.setError('email', { message: problem });
    return (
      <FormField control={form.control} name="email" label="Email" {...props}>
        {(field) => <input {...field} {...form.register('email')} />}
      </FormField>
    );
  }
  return renderToStaticMarkup(<Harness />);
}

const attributesOf = (markup: string, tag: string) => markup.match(new RegExp(`<${tag}[^>]*>`))?.[0] ?? '';

describe('FormField', () => {
  it('labels the control by its id and marks it valid while the form has no problem with it', () => {
    const markup = markupOf({ id: 'signin-email' });
    expect(markup).toContain('<label class="text-sm font-medium text-slate-800" for="signin-email">Email</label>');
    const input = attributesOf(markup, 'input');
    expect(input).toContain('id="signin-email"');
    expect(input).toContain('name="email"');
    expect(input).toContain('aria-invalid="false"');
    expect(input).not.toContain('aria-describedby');
  });

  it("shows the form's message for the field below it, marks the control invalid and describes it by the message", () => {
    const markup = markupOf({ id: 'signin-email', problem: 'Please enter a valid email address' });
    const input = attributesOf(markup, 'input');
    expect(input).toContain('aria-invalid="true"');
    expect(input).toContain('aria-describedby="signin-email-error"');
    expect(markup).toContain(
      '<p id="signin-email-error" class="text-sm text-red-700">Please enter a valid email address</p>',
    );
  });

  it('describes the control by its hint and, when there is one, by its message after it', () => {
    const hinted = markupOf({ id: 'password', description: 'At least 8 characters.' });
    expect(attributesOf(hinted, 'input')).toContain('aria-describedby="password-description"');
    expect(hinted).toContain('<p id="password-description" class="text-xs text-slate-600">At least 8 characters.</p>');

    const failed = markupOf({ id: 'password', description: 'At least 8 characters.', problem: 'Too short' });
    expect(attributesOf(failed, 'input')).toContain('aria-describedby="password-description password-error"');
  });

  it('makes up an id that ties the label to the control when none is given', () => {
    const markup = markupOf();
    const id = attributesOf(markup, 'input').match(/id="([^"]+)"/)?.[1];
    expect(id).toBeTruthy();
    expect(markup).toContain(`for="${id}"`);
  });

  it("shows a problem the schema cannot know instead of the form's, and nothing when told null", () => {
    const replaced = markupOf({ id: 'date', problem: 'Date is required', error: 'Past days cannot be booked' });
    expect(replaced).toContain('Past days cannot be booked');
    expect(replaced).not.toContain('Date is required');

    const silenced = markupOf({ id: 'date', problem: 'Date is required', error: null });
    expect(silenced).not.toContain('Date is required');
    expect(attributesOf(silenced, 'input')).toContain('aria-invalid="false"');
  });

  it('neither says nor marks the problem of a form that reports its problems in a toast', () => {
    const markup = markupOf({ id: 'signin-email', problem: 'Missing information', isErrorShown: false });
    expect(markup).not.toContain('Missing information');
    expect(attributesOf(markup, 'input')).toContain('aria-invalid="false"');
  });

  it('names a group of choices with a legend and describes the group by its message', () => {
    const markup = markupOf({ id: 'booking-slot', isGroup: true, problem: 'Please select a time slot' });
    expect(attributesOf(markup, 'fieldset')).toContain('aria-describedby="booking-slot-error"');
    expect(markup).toContain('<legend class="mb-1 text-sm font-medium text-slate-800">Email</legend>');
    expect(markup).not.toContain('<label');
    expect(markup).toContain('Please select a time slot');
  });

  it('puts what it is given beside the label', () => {
    const markup = markupOf({ id: 'signin-password', labelAside: <button type="button">Forgot password?</button> });
    expect(markup).toMatch(/<label[^>]*>Email<\/label><button type="button">Forgot password\?<\/button>/);
  });
});
