import { type ReactNode, useId } from 'react';
import {
  type Control,
  type FieldPath,
  type FieldValues,
  type FieldError as FormStateError,
  get,
  useFormState,
} from 'react-hook-form';
import { cn } from '#web/lib/cn.ts';
import { FieldError, Label } from './input.tsx';

/** What a field's control carries: its id, whether it has a problem, and which texts describe it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

export interface FormFieldProps<Values extends FieldValues, Context, Transformed> {
  /** The form's control (`useForm().control`): the field's problem is read from its state. */
  control: Control<Values, Context, Transformed>;
  name: FieldPath<Values>;
  label: ReactNode;
  /** A hint below the control, read out with it. */
  description?: ReactNode;
  /** The control's id, when the page refers to it; else one is made up. */
  id?: string;
  /**
   * A problem the schema cannot know (a date before the organization's today, a slot someone else took): a message
   * shown instead of the form's own, or null when the form decides the field has nothing to say yet.
   */
  error?: string | null;
  /** False for a form that reports its problems in a toast: the field then neither says nor marks its problem. */
  isErrorShown?: boolean;
  /** Beside the label, such as a Forgot password? link. */
  labelAside?: ReactNode;
  /** A group of choices (radio cards): a fieldset named by a legend instead of a label for one control. */
  isGroup?: boolean;
  className?: string;
  /** The control, given its id and ARIA wiring; spread `register(name)` or a Controller's field into it too. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * One field of a react-hook-form form: label, control, hint and the schema's message, wired together by ids so that
 * the message is read with the control and the control is marked invalid while there is one.
 */
export function FormField<Values extends FieldValues, Context, Transformed>({
  control,
  name,
  label,
  description,
  id,
  error,
  isErrorShown = true,
  labelAside,
  isGroup = false,
  className,
  children,
}: FormFieldProps<Values, Context, Transformed>) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const descriptionId = `${controlId}-description`;
  const errorId = `${controlId}-error`;
  const { errors } = useFormState({ control, name, exact: true });
  const formError = (get(errors, name) as FormStateError | undefined)?.message;
  const message = isErrorShown ? (error === undefined ? formError : (error ?? undefined)) : undefined;
  const describedBy = [description ? descriptionId : null, message ? errorId : null].filter(Boolean).join(' ');
  const controlProps: FieldControlProps = {
    id: controlId,
    'aria-invalid': Boolean(message),
    'aria-describedby': describedBy || undefined,
  };
  const hint = description ? (
    <p id={descriptionId} className="text-xs text-slate-600">
      {description}
    </p>
  ) : null;

  if (isGroup) {
    return (
      <fieldset className={cn('grid gap-2', className)} aria-describedby={controlProps['aria-describedby']}>
        <legend className="mb-1 text-sm font-medium text-slate-800">{label}</legend>
        {children(controlProps)}
        {hint}
        <FieldError id={errorId} message={message} />
      </fieldset>
    );
  }
  const labelElement = <Label htmlFor={controlId}>{label}</Label>;
  return (
    <div className={cn('grid gap-1.5', className)}>
      {labelAside ? (
        <div className="flex items-center justify-between">
          {labelElement}
          {labelAside}
        </div>
      ) : (
        labelElement
      )}
      {children(controlProps)}
      {hint}
      <FieldError id={errorId} message={message} />
    </div>
  );
}
