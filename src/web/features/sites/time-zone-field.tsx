import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { FormField } from '#web/components/ui/form-field.tsx';
import { TimeZonePicker } from './time-zone-picker.tsx';

/**
 * A form's "Time zone" field: the searchable zone picker, labelled and described, bound to the form's `timeZone`.
 * The Sites dialog and the first organization's setup both ask for a zone this way.
 */
export function TimeZoneField<Values extends FieldValues & { timeZone?: string }, Context, Transformed>({
  control,
  id,
  description,
}: {
  control: Control<Values, Context, Transformed>;
  id: string;
  description: string;
}) {
  const name = 'timeZone' as FieldPath<Values>;
  return (
    <FormField control={control} name={name} id={id} label="Time zone" description={description}>
      {(field) => (
        <Controller
          control={control}
          name={name}
          render={({ field: { value, onChange } }) => (
            <TimeZonePicker
              id={field.id}
              value={(value as string | undefined) ?? 'UTC'}
              onChange={onChange}
              describedBy={field['aria-describedby']}
            />
          )}
        />
      )}
    </FormField>
  );
}
