import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './button.tsx';

/**
 * What could not be loaded, as an alert, with a "Try again" button that asks once more. By default it is the small
 * one inside a dialog or a panel; a page places and colours its own. The words of the button are the same everywhere.
 */
export function RetryAlert({
  children,
  onRetry,
  className = 'grid justify-items-start gap-3',
  messageClassName = 'text-sm text-slate-800',
  buttonClassName,
  size = 'sm',
}: {
  children: ReactNode;
  onRetry: () => void;
  className?: string;
  messageClassName?: string;
  buttonClassName?: string;
  size?: ButtonProps['size'];
}) {
  return (
    <div role="alert" className={className}>
      <p className={messageClassName}>{children}</p>
      <Button className={buttonClassName} size={size} variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
