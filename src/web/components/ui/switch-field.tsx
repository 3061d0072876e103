import type { ReactNode } from 'react';
import { type Control, Controller, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { cn } from '#web/lib/cn.ts';
import { FormField } from './form-field.tsx';

const switchClass = cn(
  'relative mt-0.5 h-5 w-9 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-400 transition-colors checked:bg-brand-600',
  'focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none',
  "before:absolute before:top-0.5 before:left-0.5 before:size-4 before:rounded-full before:bg-white before:shadow before:transition-transform before:content-['']",
  'checked:before:translate-x-4',
);

/**
 * An on/off field of a react-hook-form form: a checkbox drawn as a switch (role switch, its state in aria-checked
 * too), its label beside it, its hint and any problem under both.
 */
export function SwitchField<Values extends FieldValues, Context, Transformed>({
  control,
  name,
  label,
  description,
}: {
  control: Control<Values, Context, Transformed>;
  name: FieldPathByValue<Values, boolean>;
  label: ReactNode;
  description?: ReactNode;
}) {
  return (
    <FormField
      control={control}
      name={name}
      label={label}
      description={description}
      className="grid-cols-[1fr_auto] items-start gap-x-4 [&>p]:col-span-2"
    >
      {(field) => (
        <Controller
          control={control}
          name={name}
          render={({ field: { value, onChange, onBlur, ref } }) => (
            <input
              {...field}
              ref={ref}
              type="checkbox"
              role="switch"
              checked={value === true}
              aria-checked={value === true}
              onChange={(event) => onChange(event.target.checked)}
              onBlur={onBlur}
              className={switchClass}
            />
          )}
        />
      )}
    </FormField>
  );
}
