import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { createFloorSchema } from '#domain/floor-plan.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';

/**
 * A floor's name, as Add New Floor and Rename ask it: not blank once trimmed, at most 100 characters; Enter submits.
 * The schema's problem is said on submit and goes as soon as the name is changed; blank, there is nothing to try.
 */
export function FloorNameForm({
  id,
  defaultName,
  placeholder,
  submitLabel,
  pendingLabel,
  isPending,
  onSubmit,
  onCancel,
}: {
  id: string;
  defaultName: string;
  placeholder?: string;
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}) {
  const { control, register, handleSubmit, watch, clearErrors } = useForm({
    resolver: zodResolver(createFloorSchema),
    defaultValues: { name: defaultName },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const isBlank = watch('name').trim() === '';
  return (
    <form onSubmit={handleSubmit(({ name }) => onSubmit(name))} className="grid gap-4" noValidate>
      <FormField control={control} name="name" id={id} label="Floor name">
        {(field) => (
          <Input
            {...field}
            {...register('name', { onChange: () => clearErrors('name') })}
            maxLength={100}
            autoComplete="off"
            placeholder={placeholder}
          />
        )}
      </FormField>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isBlank || isPending}>
          {isPending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
